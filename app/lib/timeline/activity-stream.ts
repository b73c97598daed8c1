import { activeGroups, applyFilters, parseFilters, type FilterGroup } from './filters'

/**
 * The Activity Stream's filters (002 §2 "The stream view has filters for event, measurement type and
 * tracking group"; §4 "Selected filters combine as a union. A filter with no matching events is
 * disabled"): event groups in `?stream_filters=`, a tracking group in `?tracking_group=`.
 */

export interface StreamNode {
	id: string
	trackingGroupId: string | null
}
export interface StreamEvent {
	nodeId: string | null
	eventType: string
	staleAt: string | null
}

/** The nodes and events left by the filters, and the groups in force. */
export function filterStream<N extends StreamNode, E extends StreamEvent>(nodes: readonly N[], events: readonly E[], params: URLSearchParams) {
	const group = params.get('tracking_group')
	const trackingGroups = [...new Set(nodes.map((n) => n.trackingGroupId).filter((g): g is string => g !== null))]
	const chosenGroup = group && trackingGroups.includes(group) ? group : null
	const shownNodes = chosenGroup ? nodes.filter((n) => n.trackingGroupId === chosenGroup) : [...nodes]
	const ids = new Set(shownNodes.map((n) => n.id))
	const nodeEvents = events.filter((e) => e.nodeId !== null && ids.has(e.nodeId))
	const active: FilterGroup[] = activeGroups(parseFilters(params, 'stream_filters'), nodeEvents)
	return { nodes: shownNodes, events: applyFilters(nodeEvents, active), active, trackingGroups, chosenGroup }
}
