/**
 * How events move an order and its shipments ("A new event moves the order's status …
 * exactly as the seeded data does"; "a late event takes its place in the history by its own time
 * and never moves an order's status backwards"). Pure rules over facts the ingestion reads from
 * the order's live (not stale) events, whatever order they arrived in; the seed's journeys
 * (server/db/seed/order-builder.ts) follow the same steps:
 *
 * - 'Order received' and the factory's other info events: pending while the order has one event,
 *   in process once it has two or more (production started, packed, …);
 * - the first transit or delivered event anywhere (a pick-up): in transit;
 * - a delivered event at the Customer node, or on a final-mile shipment, or on a shipment whose
 *   consignee is the order's final location: delivered, at that event's time (the earliest such);
 * - cancelled and closed are set by the sender (or a person), never by an event, and stay;
 * - a shipment's open issue is its latest exception's issue type while it is pending or in transit,
 *   none once it is delivered, closed or cancelled (docs/demo-data.md: the Issues Log's issues).
 *
 * The derived status is a function of the set of events, so events sent newest first end where
 * the same events sent oldest first end; and the stored status only moves forward. The seed derives its
 * orders with the same code (server/db/seed/derive.ts).
 */

export type OrderStatus =
	'pending' | 'in_process' | 'in_transit' | 'delivered' | 'cancelled' | 'closed'
export type ShipmentStatus = 'pending' | 'in_transit' | 'delivered' | 'closed' | 'cancelled'

const ORDER_RANK: Record<string, number> = {
	pending: 0,
	in_process: 1,
	in_transit: 2,
	delivered: 3,
}
const SHIPMENT_RANK: Record<string, number> = { pending: 0, in_transit: 1, delivered: 2 }
const HOUR = 3_600_000
const DAY = 24 * HOUR

export interface OrderFacts {
	/** Live events of the order. */
	liveEvents: number
	/** Whether any live event is a transit or delivered one. */
	moving: boolean
	/** The earliest live delivered event that delivers the order (see above), or null. */
	deliveredAt: Date | null
}

/** The status an order's events alone give it. */
export function statusFromEvents(f: OrderFacts): Exclude<OrderStatus, 'cancelled' | 'closed'> {
	if (f.deliveredAt) return 'delivered'
	if (f.moving) return 'in_transit'
	return f.liveEvents >= 2 ? 'in_process' : 'pending'
}

/** The order's next status: the events' one when it is further along, else the current one. */
export function nextOrderStatus(current: string, f: OrderFacts): string {
	if (!(current in ORDER_RANK)) return current
	const derived = statusFromEvents(f)
	return ORDER_RANK[derived]! > ORDER_RANK[current]! ? derived : current
}

export interface ShipmentFacts {
	moving: boolean
	deliveredAt: Date | null
}

/** A shipment: pending → in transit (its first transit event) → delivered (its first delivered event); never back. */
export function nextShipmentStatus(current: string, f: ShipmentFacts): string {
	if (!(current in SHIPMENT_RANK)) return current
	const derived = f.deliveredAt ? 'delivered' : f.moving ? 'in_transit' : 'pending'
	return SHIPMENT_RANK[derived]! > SHIPMENT_RANK[current]! ? derived : current
}

/** A shipment's open issue (an issue type and when it was raised): only while it is still pending or in transit. */
export function openIssue<T>(status: string, issue: T): T | null {
	return status === 'pending' || status === 'in_transit' ? issue : null
}

/**
 * The order's delivery indicator (ship_sets.shipment_delivery_status): none before it ships; delivered more than 6 hours after the
 * estimate is late, else on time; in transit past the estimate late, within 2 days pending_late.
 */
export function deliveryStatus(
	status: string,
	deliveredAt: Date | null,
	estimate: Date | null,
	now: Date,
): string | null {
	if (status === 'pending' || status === 'cancelled' || status === 'in_process' || !estimate)
		return null
	if (status === 'delivered' || status === 'closed') {
		if (!deliveredAt) return null
		return +deliveredAt > +estimate + 6 * HOUR ? 'late' : 'on_time'
	}
	if (+now > +estimate) return 'late'
	return +estimate - +now < 2 * DAY ? 'pending_late' : 'pending'
}

/** A shipment is late when delivered (or still travelling) more than 6 hours after its estimate. */
export function shipmentLate(deliveredAt: Date | null, estimate: Date | null, now: Date): boolean {
	if (!estimate) return false
	return Math.min(+now, deliveredAt ? +deliveredAt : Infinity) > +estimate + 6 * HOUR
}
