import type { ReactNode } from 'react'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { Link } from 'react-router'
import type { DeliveryIndicator, PromiseIndicator } from '~/lib/timeline/indicators'
import type { StatusStep } from '~/lib/timeline/status-bar'
import { withParams, type View } from '~/lib/timeline/url'
import { addressLines, type ShipSet } from '~/lib/timeline/types'
import { Icon } from '~/components/ui/icon'

export const VIEW_TITLES: Record<View, string> = {
	stream: 'Order Timeline',
	touch: 'Activity Stream',
}

/** What the header shows of an order: the signed-in timeline's, or the guest link's (fewer fields). */
type HeaderOrder = Pick<ShipSet, 'name' | 'referenceNumber' | 'location'>

/**
 * The header (002 §2 "Header") and the order status bar (§4), for the signed-in timeline and
 * the guest link. `actions` are the order's buttons (signed in: Follow, Share and the
 * notification dropdown; a guest: the notification dropdown alone). A guest (`guest`) gets no
 * breadcrumb to the dashboard, no view toggle (002 §1 "hidden for guests") and no
 * estimated-delivery indicator (`delivery` null: 002 §4 "not for guests"); `statusNote` is
 * what the guest view says of the current step (000 §2).
 */
export function TimelineHeader(props: {
	shipSet: HeaderOrder
	view: View
	search: string
	delivery: DeliveryIndicator | null
	promise: PromiseIndicator
	steps: StatusStep[] | null
	/** 002 §6 "the redesigned header" (a toggle); off: the classic header (ClassicHeader). */
	redesigned: boolean
	actions: ReactNode
	guest?: boolean
	statusNote?: string | null
}) {
	const { shipSet, view, search, delivery, promise, steps, redesigned, actions, guest } = props
	const other: View = view === 'stream' ? 'touch' : 'stream'
	if (!redesigned) return <ClassicHeader {...props} other={other} />
	return (
		<header className="timeline-header" data-variant="redesigned">
			{guest ? null : (
				<Breadcrumbs
					items={[{ label: 'Dashboard', to: '/dashboard' }, { label: VIEW_TITLES[view] }]}
				/>
			)}
			<div className="timeline-title-row">
				<h1>{VIEW_TITLES[view]}</h1>
				{guest ? null : <ViewToggle search={search} other={other} />}
			</div>
			<div className="timeline-order-row">
				<p className="timeline-order">
					<strong data-testid="order-name">{shipSet.name}</strong>
					{shipSet.referenceNumber ? <span> ({shipSet.referenceNumber})</span> : null}
				</p>
				{/* The order's actions in one toolbar at the row's end (Follow no longer floats beside the number). */}
				<div className="timeline-actions">{actions}</div>
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
				{delivery ? (
					<section
						aria-label="Final Mile Estimated Delivery Date"
						className={`indicator indicator-${delivery.colour ?? 'none'}`}
					>
						<h2>Final Mile Estimated Delivery Date</h2>
						<p>{delivery.text}</p>
					</section>
				) : null}
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
			<StatusBar steps={steps} note={props.statusNote ?? null} />
		</header>
	)
}

function StatusBar({ steps, note }: { steps: StatusStep[] | null; note: string | null }) {
	if (!steps) return null
	return (
		<>
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
			{note ? <p className="timeline-status-note">{note}</p> : null}
		</>
	)
}

/**
 * The header before its redesign (the toggle off): one column, the view switch and the order's
 * actions under the title, the location and both indicators as one list of facts, each fact's
 * colour a mark before its text.
 */
function ClassicHeader(props: Parameters<typeof TimelineHeader>[0] & { other: View }) {
	const { shipSet, view, search, delivery, promise, steps, other, actions, guest } = props
	return (
		<header className="timeline-header timeline-header--classic" data-variant="classic">
			{guest ? null : (
				<Breadcrumbs
					items={[{ label: 'Dashboard', to: '/dashboard' }, { label: VIEW_TITLES[view] }]}
				/>
			)}
			<h1>{VIEW_TITLES[view]}</h1>
			<p className="timeline-order">
				<strong data-testid="order-name">{shipSet.name}</strong>
				{shipSet.referenceNumber ? <span> ({shipSet.referenceNumber})</span> : null}
			</p>
			<div className="timeline-actions">
				{guest ? null : <ViewToggle search={search} other={other} />}
				{actions}
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
				{delivery ? (
					<div className={`indicator indicator-${delivery.colour ?? 'none'}`}>
						<dt>Final Mile Estimated Delivery Date</dt>
						<dd>{delivery.text}</dd>
					</div>
				) : null}
				<div className={`indicator indicator-${promise.colour ?? 'none'}`}>
					<dt>Promise Date</dt>
					<dd>{promise.text}</dd>
				</div>
			</dl>
			<StatusBar steps={steps} note={props.statusNote ?? null} />
		</header>
	)
}

/** The link to the order's other view (002 §2: a toggle, hidden for guests). */
function ViewToggle({ search, other }: { search: string; other: View }) {
	return (
		<Link
			className="timeline-view-toggle"
			to={withParams(search, { view: other === 'stream' ? null : other })}
		>
			{VIEW_TITLES[other]}
		</Link>
	)
}
