import { Breadcrumbs } from '~/components/breadcrumbs'
import { Link } from 'react-router'
import type { DeliveryIndicator, PromiseIndicator } from '~/lib/timeline/indicators'
import type { StatusStep } from '~/lib/timeline/status-bar'
import { withParams, type View } from '~/lib/timeline/url'
import { ShareMenu } from '../share/share-menu'
import { FollowButton } from '../follow/follow-button'
import { addressLines, type ShipSet } from '~/lib/timeline/types'
import { Icon } from '~/components/ui/icon'

export const VIEW_TITLES: Record<View, string> = {
	stream: 'Order Timeline',
	touch: 'Activity Stream',
}

/** The header (002 §2 "Header") and the order status bar (§4). */
export function TimelineHeader(props: {
	shipSet: ShipSet
	view: View
	search: string
	delivery: DeliveryIndicator
	promise: PromiseIndicator
	steps: StatusStep[] | null
	/** 002 §6 "the redesigned header" (a toggle); off: the classic header (ClassicHeader). */
	redesigned: boolean
}) {
	const { shipSet, view, search, delivery, promise, steps, redesigned } = props
	const other: View = view === 'stream' ? 'touch' : 'stream'
	if (!redesigned) return <ClassicHeader {...props} other={other} />
	return (
		<header className="timeline-header" data-variant="redesigned">
			<Breadcrumbs
				items={[{ label: 'Dashboard', to: '/dashboard' }, { label: VIEW_TITLES[view] }]}
			/>
			<div className="timeline-title-row">
				<h1>{VIEW_TITLES[view]}</h1>
				<Link
					className="timeline-view-toggle"
					to={withParams(search, { view: other === 'stream' ? null : other })}
				>
					{VIEW_TITLES[other]}
				</Link>
			</div>
			<div className="timeline-order-row">
				<p className="timeline-order">
					<strong data-testid="order-name">{shipSet.name}</strong>
					{shipSet.referenceNumber ? <span> ({shipSet.referenceNumber})</span> : null}
				</p>
				{/* The order's actions in one toolbar at the row's end (Follow no longer floats beside the number). */}
				<div className="timeline-actions">
					<FollowButton following={shipSet.following} />
					<ShareMenu orderName={shipSet.name} />
				</div>
			</div>
			<div className="timeline-header-grid">
				<section aria-label="Final shipping location">
					<h2>Final Shipping Location</h2>
					{shipSet.location ? (
						<address>
							{addressLines(shipSet.location).map((line) => (
								<div key={line}>{line}</div>
							))}
						</address>
					) : (
						<p>No location available.</p>
					)}
				</section>
				<section
					aria-label="Final Mile Estimated Delivery Date"
					className={`indicator indicator-${delivery.colour ?? 'none'}`}
				>
					<h2>Final Mile Estimated Delivery Date</h2>
					<p>{delivery.text}</p>
				</section>
				<section
					aria-label="Promise Date"
					className={`indicator indicator-${promise.colour ?? 'none'}`}
				>
					<h2>Promise Date</h2>
					<p>
						{promise.colour === 'delivered' ? (
							<>
								<Icon name="delivered" label="Delivered" />{' '}
							</>
						) : null}
						{promise.text}
					</p>
				</section>
			</div>
			<StatusBar steps={steps} />
		</header>
	)
}

function StatusBar({ steps }: { steps: StatusStep[] | null }) {
	if (!steps) return null
	return (
		<ol className="timeline-status-bar" aria-label="Order status">
			{steps.map((s) => (
				<li
					key={s.label}
					className={`step step-${s.state} step-${s.label.toLowerCase().replace(' ', '-')}`}
					aria-current={s.state === 'current' ? 'step' : undefined}
				>
					{s.label}
				</li>
			))}
		</ol>
	)
}

/**
 * The header before its redesign (the toggle off): one column, the view switch and the order's
 * actions under the title, the location and both indicators as one list of facts, each fact's
 * colour a mark before its text.
 */
function ClassicHeader(props: Parameters<typeof TimelineHeader>[0] & { other: View }) {
	const { shipSet, view, search, delivery, promise, steps, other } = props
	return (
		<header className="timeline-header timeline-header--classic" data-variant="classic">
			<Breadcrumbs
				items={[{ label: 'Dashboard', to: '/dashboard' }, { label: VIEW_TITLES[view] }]}
			/>
			<h1>{VIEW_TITLES[view]}</h1>
			<p className="timeline-order">
				<strong data-testid="order-name">{shipSet.name}</strong>
				{shipSet.referenceNumber ? <span> ({shipSet.referenceNumber})</span> : null}
			</p>
			<div className="timeline-actions">
				<Link
					className="timeline-view-toggle"
					to={withParams(search, { view: other === 'stream' ? null : other })}
				>
					{VIEW_TITLES[other]}
				</Link>
				<FollowButton following={shipSet.following} />
				<ShareMenu orderName={shipSet.name} />
			</div>
			<dl className="timeline-header-facts">
				<div>
					<dt>Final Shipping Location</dt>
					<dd>
						{shipSet.location
							? addressLines(shipSet.location).join(', ')
							: 'No location available.'}
					</dd>
				</div>
				<div className={`indicator indicator-${delivery.colour ?? 'none'}`}>
					<dt>Final Mile Estimated Delivery Date</dt>
					<dd>{delivery.text}</dd>
				</div>
				<div className={`indicator indicator-${promise.colour ?? 'none'}`}>
					<dt>Promise Date</dt>
					<dd>{promise.text}</dd>
				</div>
			</dl>
			<StatusBar steps={steps} />
		</header>
	)
}
