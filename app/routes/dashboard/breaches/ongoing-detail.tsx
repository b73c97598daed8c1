import { useId } from 'react'
import { EmptyState } from '~/components/ui/empty-state'
import { Skeleton } from '~/components/ui/skeleton'
import { ONGOING_TEXTS, reportedFor, startedOn } from './ongoing'
import { ClaimPackLink } from './claim-pack-link'
import { BreachChart } from './ongoing-chart'
import type { Breach, OngoingDetail, OngoingException } from './ongoing.server'

/**
 * The right column of Ongoing Breaches (001 §2 "Detail"), a panel 495 to 660 px high that scrolls
 * by itself: the header (shipment, device type, the item, 'View all sensor data in IoT Tracker'),
 * where the breach started and who had the goods, 'Orders Affected (n)' and one section per
 * exception type with its chart; 'No breached order selected.' when nothing is.
 */
export function OngoingBreachDetail({
	selected,
	detail,
	loading,
}: {
	selected: string | null
	detail: OngoingDetail | undefined
	loading: boolean
}) {
	return (
		<div
			className="breach-detail"
			role="region"
			aria-label="Breached order"
			tabIndex={0}
			aria-busy={loading}
		>
			{selected === null || detail?.status === 'missing' ? (
				<EmptyState>{ONGOING_TEXTS.noneSelected}</EmptyState>
			) : loading || !detail ? (
				<Skeleton label="Loading the breached order…" lines={6} />
			) : detail.status === 'failed' ? (
				<EmptyState>{ONGOING_TEXTS.detailFailed}</EmptyState>
			) : (
				<BreachDetail
					breach={detail.breach}
					exceptions={detail.exceptions}
					trackerHref={detail.trackerHref}
				/>
			)}
		</div>
	)
}

function BreachDetail({
	breach,
	exceptions,
	trackerHref,
}: {
	breach: Breach
	exceptions: OngoingException[]
	trackerHref: string | null
}) {
	const ordersId = useId()
	return (
		<article className="breach-detail__body" aria-label={`Breach of ${breach.shipmentName}`}>
			<header className="breach-detail__header">
				<h3 className="breach-detail__shipment">{breach.shipmentName}</h3>
				{breach.deviceTypeName ? (
					<p className="breach-detail__device">{breach.deviceTypeName}</p>
				) : null}
				<p className="breach-detail__item">{reportedFor(breach.item)}</p>
				{trackerHref ? (
					<p>
						<a href={trackerHref} target="_blank" rel="noopener">
							{ONGOING_TEXTS.trackerLink}
						</a>
					</p>
				) : null}
				{/* "From a breach's detail, one download … so a shipper can file a claim". */}
				<p>
					<ClaimPackLink breachedOrderId={breach.breachedOrderId} />
				</p>
			</header>
			<Attribution breach={breach} />
			<section aria-labelledby={ordersId} className="breach-detail__orders">
				<h4 id={ordersId}>Orders Affected ({breach.shipSets.length})</h4>
				<ul>
					{breach.shipSets.map((o) => (
						<li key={o.id}>
							<a href={o.timelineUrl} target="_blank" rel="noopener">
								{o.name}
							</a>
						</li>
					))}
				</ul>
			</section>
			{exceptions.length === 0 ? (
				<EmptyState>{ONGOING_TEXTS.noExceptions}</EmptyState>
			) : (
				exceptions.map((e) => (
					<ExceptionSection key={e.view.sensorTypeCode} exception={e} zone={breach.timezone} />
				))
			)}
		</article>
	)
}

/** Where the order was when the breach started and who had it (its attribution). */
function Attribution({ breach }: { breach: Breach }) {
	const { node, custodian } = breach.attribution
	return (
		<dl className="breach-detail__attribution">
			<div>
				<dt>Where it started</dt>
				<dd>
					{node ? (
						<a href={node.timelineUrl} target="_blank" rel="noopener">
							{node.buildingType} node of {node.shipSetName}
						</a>
					) : (
						'Not recorded'
					)}
				</dd>
			</div>
			<div>
				<dt>Custodian</dt>
				<dd>{custodian ?? 'Not recorded'}</dd>
			</div>
		</dl>
	)
}

/** "A section shows the type, its summary, and 'Started on: {date}'", then the chart of its readings. */
function ExceptionSection({ exception, zone }: { exception: OngoingException; zone: string }) {
	const id = useId()
	const { view } = exception
	return (
		<section aria-labelledby={id} className="breach-exception" data-sensor={view.sensorTypeCode}>
			<h4 id={id}>{view.title}</h4>
			<p className="breach-exception__summary">{view.summary}</p>
			<p className="breach-exception__started">{startedOn(view.eventAt, zone)}</p>
			<BreachChart view={view} zone={zone} failed={exception.readingsFailed} />
		</section>
	)
}
