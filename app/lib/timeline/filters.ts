import { eventInGroup, type GroupableEvent } from '../event-groups'

/**
 * Event filter groups of the Transit filter menu (002 §4 "Event display and filters").
 */

export const FILTER_GROUPS = ['transit', 'non_transit', 'stale', 'exception'] as const
export type FilterGroup = (typeof FILTER_GROUPS)[number]

export const FILTER_LABELS: Record<FilterGroup, string> = {
	transit: 'Transit',
	non_transit: 'Non-Transit',
	stale: 'Stale',
	exception: 'Exception',
}

export type FilterableEvent = GroupableEvent

/** Which groups one event belongs to (the rule shared with the public tracker). */
export function inGroup(event: FilterableEvent, group: FilterGroup): boolean {
	return eventInGroup(event, group === 'non_transit' ? 'nonTransit' : group)
}

/** "A filter with no matching events is disabled." */
export function enabledGroups(events: readonly FilterableEvent[]): FilterGroup[] {
	return FILTER_GROUPS.filter((g) => events.some((e) => inGroup(e, g)))
}

/**
 * The groups in force: those asked for in `?filters=` that are enabled; with none asked
 * (or none usable) every enabled group, so by default every event shows.
 */
export function activeGroups(requested: readonly string[], events: readonly FilterableEvent[]): FilterGroup[] {
	const enabled = enabledGroups(events)
	const asked = enabled.filter((g) => requested.includes(g))
	return asked.length > 0 ? asked : enabled
}

/** "Selected filters combine as a union." */
export function applyFilters<E extends FilterableEvent>(events: readonly E[], groups: readonly FilterGroup[]): E[] {
	return events.filter((e) => groups.some((g) => inGroup(e, g)))
}

/** `?filters=transit,stale` or repeated `?filters=transit&filters=stale`. */
export function parseFilters(values: readonly string[]): string[] {
	return values.flatMap((v) => v.split(',')).filter((v): v is FilterGroup => (FILTER_GROUPS as readonly string[]).includes(v))
}
