import { eventInGroup } from '../event-groups'

/**
 * How the public timeline shows and filters events (000 §4 "Public event display" and
 * "Public filter defaults"; §9 "events shown initially 5").
 */

export type EventType = 'transit' | 'delivered' | 'exception' | 'info'

export interface EventFacts {
	eventType: EventType
	staleAt: string | null
	blockchainVerified: boolean
}

export type EventTone = 'stale' | 'exception' | 'verified' | 'delivered' | 'transit' | 'info'

/**
 * 000 §4: "stale (staleAt set; grey, trash icon), exception (red), delivered (green),
 * transit (blue), info/non-transit, verified (orange, with the note 'MASTERCARD
 * PROVENANCE VERIFIED' shown when verified and not stale)."
 *
 * An event has one tone. When several apply, in this order: stale (a withdrawn scan says
 * so first), exception (a problem must not be hidden behind another colour), verified,
 * delivered, transit, info.
 */
export function eventTone(event: EventFacts): EventTone {
	if (event.staleAt) return 'stale'
	if (event.eventType === 'exception') return 'exception'
	if (event.blockchainVerified) return 'verified'
	if (event.eventType === 'delivered') return 'delivered'
	if (event.eventType === 'transit') return 'transit'
	return 'info'
}

/** 000 §4: the note 'MASTERCARD PROVENANCE VERIFIED' is "shown when verified and not stale". */
export function showsVerifiedNote(event: EventFacts): boolean {
	return event.blockchainVerified && !event.staleAt
}

export const EVENT_FILTERS = ['transit', 'nonTransit', 'stale', 'exception'] as const
export type EventFilter = (typeof EVENT_FILTERS)[number]

export const EVENT_FILTER_LABELS: Record<EventFilter, string> = {
	transit: 'Transit',
	nonTransit: 'Non-transit',
	stale: 'Stale',
	exception: 'Exception',
}

/** 000 §4 "Public filter defaults: Transit on, Non-transit on, Stale off, Exception on." */
export const DEFAULT_EVENT_FILTERS: ReadonlySet<EventFilter> = new Set([
	'transit',
	'nonTransit',
	'exception',
])

/** 000 §4's filter groups: the rule the signed-in timeline shares (app/lib/event-groups.ts). */
export function matchesFilter(event: EventFacts, filter: EventFilter): boolean {
	return eventInGroup(event, filter)
}

/** 000 §4 "Options are disabled when no such events exist": the options that have events. */
export function availableFilters(events: readonly EventFacts[]): Set<EventFilter> {
	return new Set(EVENT_FILTERS.filter((f) => events.some((e) => matchesFilter(e, f))))
}

/** The events any selected filter lets through, in their order. */
export function applyFilters<E extends EventFacts>(
	events: readonly E[],
	selected: ReadonlySet<EventFilter>,
): E[] {
	return events.filter((e) => EVENT_FILTERS.some((f) => selected.has(f) && matchesFilter(e, f)))
}

/**
 * The filters in the URL: `filtered=1` says the visitor chose (a GET form sends only the
 * ticked boxes), and each ticked box is a `filter` value. Without `filtered`, the defaults.
 */
export function filtersFromSearch(search: URLSearchParams): Set<EventFilter> {
	if (!search.has('filtered')) return new Set(DEFAULT_EVENT_FILTERS)
	const chosen = search.getAll('filter')
	return new Set(EVENT_FILTERS.filter((f) => chosen.includes(f)))
}

/** 000 §9 "events shown initially 5". */
export const EVENTS_SHOWN_INITIALLY = 5

/** The first five, or all of them with `events=all` ('Show All Events'). */
export function visibleEvents<E>(events: readonly E[], showAll: boolean): E[] {
	return showAll ? [...events] : events.slice(0, EVENTS_SHOWN_INITIALLY)
}
