import type { OrderRow } from '#contracts/dashboard/widgets'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import type { Camelize } from '~/lib/camelize'
import { statusIcon } from './cards'
import { formatEventTime } from '../format'

type CardOrder = Camelize<OrderRow>

/** 001 §8 "'No events available' (no last event)". */
const NO_EVENTS = 'No events available'

/**
 * Order rows of the card dashboard: the status icon (001 §1 "with status icons"; a warning icon for
 * an exception, §4), the order (a link in a new tab, 001 §2), its reference in brackets, the last
 * event and its time; or the list's empty text.
 */
export function OrderRows({
	orders,
	empty,
	label,
}: {
	orders: readonly CardOrder[]
	empty: string
	label: string
}) {
	if (orders.length === 0) return <EmptyState>{empty}</EmptyState>
	return (
		<ul className="order-list dash-orders" aria-label={label}>
			{orders.map((o) => {
				const status = statusIcon(o.shipSetStatus, o.lastEventType)
				return (
					<li key={o.shipSetId} className="order-row dash-orders__row">
						<span className={`dash-orders__status dash-orders__status--${o.shipSetStatus}`}>
							<Icon name={status.icon} label={status.label} />
							{status.exception ? (
								<span className="dash-orders__exception">
									<Icon name="exception" label="Exception" />
								</span>
							) : null}
						</span>
						<div className="dash-orders__text">
							<a
								href={`/timeline/${o.shipSetId}`}
								data-analytics="click_to_node"
								target="_blank"
								rel="noopener"
								className="order-row__name"
							>
								{o.shipSetName}
							</a>{' '}
							{o.shipSetReferenceNumber ? (
								<span className="order-row__ref">({o.shipSetReferenceNumber})</span>
							) : null}
							<div className="order-row__event">
								{o.lastEvent ?? NO_EVENTS}
								{o.lastEventAt ? (
									<time dateTime={o.lastEventAt}>
										{' '}
										· {formatEventTime(o.lastEventAt, o.lastEventAtTimeZone)}
									</time>
								) : null}
							</div>
						</div>
					</li>
				)
			})}
		</ul>
	)
}
