/**
 * Which news a notification preference asks for (002 §4 "Notifications": "The dropdown sets a
 * notif_type; choosing 'nodes' reveals checkboxes for Factory, Transit, DC and Customer; further
 * flags for comments and promise date"; notif_type: all_status, final_mile, delivered, nodes,
 * no_notif). The spec names the choices, not their meaning; ours (ADR 0020):
 *
 * - all_status: every status update of the order — an event added, a status change, an
 *   exception, a breach of one of its sensors opened or closed;
 * - final_mile: what happens on the last leg — events at a final-mile node or a Customer node,
 *   and the order delivered;
 * - delivered: the order delivered;
 * - nodes: events (and exceptions) at a node whose building type is one of the chosen;
 * - no_notif: none of those;
 * - the comments flag: a comment added (by somebody else); the promise_date flag: the order's
 *   promise date changed. Both apply whatever notif_type says.
 *
 * A follower without a preference row has the table's defaults: all_status, no flags.
 */
export interface Preference {
	notifType: string
	nodes: readonly string[]
	comments: boolean
	promiseDate: boolean
}

export const DEFAULT_PREFERENCE: Preference = {
	notifType: 'all_status',
	nodes: [],
	comments: false,
	promiseDate: false,
}

/** The part of a domain event the matching reads. */
export interface NewsEvent {
	kind: string
	payload: Record<string, unknown>
}

const str = (v: unknown) => (typeof v === 'string' ? v : null)

const obj = (v: unknown): Record<string, unknown> =>
	v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
/**
 * An event's fields, flat: the ingestion nests the event as a receiver needs it (`event: { title,
 * event_type, building_type, location, final_mile, … }`, server/ingest/batch.ts); other writers
 * put them at the top.
 */
function eventFields(p: Record<string, unknown>) {
	const e = obj(p.event)
	return {
		title: str(p.title) ?? str(e.title),
		type: str(p.event_type) ?? str(e.event_type),
		buildingType: str(p.building_type) ?? str(e.building_type),
		location: str(p.location) ?? str(e.location),
		summary: str(p.summary) ?? str(e.summary),
		finalMile: p.final_mile === true || e.final_mile === true,
	}
}

/** The new status a status change names (payload `to`, or `status`). */
export const newStatus = (p: Record<string, unknown>) => str(p.to) ?? str(p.status)
/** The building type of the node an event or exception happened at. */
export const buildingType = (p: Record<string, unknown>) => eventFields(p).buildingType
const finalMileNode = (p: Record<string, unknown>) =>
	eventFields(p).finalMile || buildingType(p) === 'Customer'

export function wants(pref: Preference, event: NewsEvent): boolean {
	const { kind, payload } = event
	if (kind === 'comment.added') return pref.comments
	if (kind === 'order.promise_date_changed') return pref.promiseDate
	switch (pref.notifType) {
		case 'all_status':
			return (
				kind === 'order.event_added' ||
				kind === 'order.status_changed' ||
				kind === 'order.exception' ||
				kind === 'breach.opened' ||
				kind === 'breach.closed'
			)
		case 'final_mile':
			if (kind === 'order.status_changed') return newStatus(payload) === 'delivered'
			return (kind === 'order.event_added' || kind === 'order.exception') && finalMileNode(payload)
		case 'delivered':
			return kind === 'order.status_changed' && newStatus(payload) === 'delivered'
		case 'nodes': {
			const type = buildingType(payload)
			return (
				(kind === 'order.event_added' || kind === 'order.exception') &&
				type !== null &&
				pref.nodes.includes(type)
			)
		}
		default:
			return false
	}
}

const STATUS_WORDS: Record<string, string> = {
	pending: 'Pending',
	in_process: 'In Transit',
	in_transit: 'In Transit',
	delivered: 'Delivered',
	cancelled: 'Canceled',
	closed: 'Closed',
}

/** One line of an e-mail for the event, e.g. 'Status: In Transit → Delivered'. */
export function describe(event: NewsEvent): string {
	const p = event.payload
	const f = eventFields(p)
	const at = f.location ?? f.buildingType
	const where = at ? ` (${at})` : ''
	switch (event.kind) {
		case 'order.status_changed': {
			const from = str(p.from)
			const to = newStatus(p)
			return `Status: ${from ? `${STATUS_WORDS[from] ?? from} → ` : ''}${to ? (STATUS_WORDS[to] ?? to) : 'changed'}`
		}
		case 'order.event_added':
			return `Event: ${f.title ?? f.type ?? 'new event'}${where}`
		case 'order.exception':
			return `Exception: ${f.title ?? f.summary ?? 'an exception was reported'}${where}`
		case 'breach.opened':
			return `Sensor breach opened: ${str(p.item_name) ?? 'an item'}${str(p.summary) ? ` — ${str(p.summary)}` : ''}`
		case 'breach.closed':
			return `Sensor breach closed: ${str(p.item_name) ?? 'an item'}`
		case 'comment.added':
			return `Comment by ${str(p.author_name) ?? 'someone'}: “${str(p.excerpt) ?? ''}”`
		case 'order.promise_date_changed':
			return `Promise date: ${str(p.promise_date)?.slice(0, 10) ?? 'removed'}`
		default:
			return event.kind
	}
}
