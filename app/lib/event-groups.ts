/**
 * The event filter groups, one rule for the public timeline (000 §4 "Transit = transit
 * and delivered, non-stale. Non-transit = non-transit, non-exception, non-delivered,
 * non-stale. Exception = non-stale exceptions.") and the signed-in one (002 §4 "Filter
 * groups"), which say the same. Stale = staleAt set.
 */
type EventGroup = 'transit' | 'nonTransit' | 'stale' | 'exception'

export interface GroupableEvent {
	eventType: string
	staleAt: string | null
}

export function eventInGroup(event: GroupableEvent, group: EventGroup): boolean {
	const stale = Boolean(event.staleAt)
	const type = event.eventType
	switch (group) {
		case 'transit':
			return !stale && (type === 'transit' || type === 'delivered')
		case 'nonTransit':
			return !stale && type !== 'transit' && type !== 'delivered' && type !== 'exception'
		case 'exception':
			return !stale && type === 'exception'
		case 'stale':
			return stale
	}
}
