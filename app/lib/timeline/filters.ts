import { eventInGroup, type GroupableEvent } from '../event-groups'

/**
 * Event filter groups of the Transit filter menu (002 §4 "Event display and filters").
 */

/** 002 §4 "Toggling a filter shows a loader for 200 ms" (§9 "Filter loader 200 ms"). */
export const FILTER_LOADER_MS = 200

export const FILTER_GROUPS = ['transit', 'non_transit', 'stale', 'exception'] as const
export type FilterGroup = (typeof FILTER_GROUPS)[number]

export const FILTER_LABELS: Record<FilterGroup, string> = {
	transit: 'Transit',
	non_transit: 'Non-Transit',
	stale: 'Stale',
	exception: 'Exception',
}

type FilterableEvent = GroupableEvent

/** Which groups one event belongs to (the rule shared with the public tracker). */
export function inGroup(event: FilterableEvent, group: FilterGroup): boolean {
	return eventInGroup(event, group === 'non_transit' ? 'nonTransit' : group)
}

/** "A filter with no matching events is disabled." */
export function enabledGroups(events: readonly FilterableEvent[]): FilterGroup[] {
	return FILTER_GROUPS.filter((g) => events.some((e) => inGroup(e, g)))
}

/**
 * The defaults before the user chooses: the product's filter defaults (000 §4 "Transit on,
 * Non-transit on, Stale off, Exception on"), the same on the public and the signed-in timeline.
 */
export const DEFAULT_GROUPS: readonly FilterGroup[] = ['transit', 'non_transit', 'exception']

/**
 * The groups in force: `requested` is null until the user chooses (the defaults), else the
 * groups ticked (possibly none); disabled groups never count.
 */
export function activeGroups(
	requested: readonly string[] | null,
	events: readonly FilterableEvent[],
): FilterGroup[] {
	const enabled = enabledGroups(events)
	return enabled.filter((g) => (requested ?? DEFAULT_GROUPS).includes(g))
}

/** "Selected filters combine as a union." */
export function applyFilters<E extends FilterableEvent>(
	events: readonly E[],
	groups: readonly FilterGroup[],
): E[] {
	return events.filter((e) => groups.some((g) => inGroup(e, g)))
}

/**
 * `?filters=transit,stale` or repeated `?filters=transit&filters=stale`; null when `key` is
 * absent (no choice yet: the defaults). The filter forms always send an empty `key` too, so
 * unticking every box is a choice (no events) rather than a return to the defaults.
 */
export function parseFilters(params: URLSearchParams, key = 'filters'): FilterGroup[] | null {
	if (!params.has(key)) return null
	return params
		.getAll(key)
		.flatMap((v) => v.split(','))
		.filter((v): v is FilterGroup => (FILTER_GROUPS as readonly string[]).includes(v))
}
