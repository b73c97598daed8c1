import {
	activeGroups,
	applyFilters,
	DEFAULT_GROUPS,
	parseFilters,
	type FilterGroup,
} from './filters'
import { withFinalTransitRule, type StripNode } from './nodes'

/**
 * The timeline's options (002 §2 "The stream view has filters for event, measurement type and
 * tracking group"; §4 "Selected filters combine as a union. A filter with no matching events is
 * disabled"), shared by both views as URL state: event groups in `?stream_filters=`, a tracking
 * group in `?tracking_group=`, a measurement type (its code) in `?measurement_type=`. The tracking
 * group and the measurement type narrow the nodes (a node measures a type when its tracking group
 * has readings of it); the event groups narrow the events. Behind the "timeline options" toggle
 * (000 §6): switched off, nothing is narrowed and the options are not offered.
 */

interface StreamNode {
	id: string
	trackingGroupId: string | null
	/** The measurement types with readings in the node's tracking group. */
	measurementTypes?: readonly { code: string; name: string }[]
}
interface StreamEvent {
	nodeId: string | null
	eventType: string
	staleAt: string | null
}

/** The measurement types the order's nodes measure, each once, by name. */
function measurementTypesOf(nodes: readonly StreamNode[]): { code: string; name: string }[] {
	const byCode = new Map<string, string>()
	for (const n of nodes) for (const t of n.measurementTypes ?? []) byCode.set(t.code, t.name)
	return [...byCode]
		.map(([code, name]) => ({ code, name }))
		.sort((a, b) => a.name.localeCompare(b.name))
}

/** The nodes left by the tracking group and measurement type in the URL (unknown values are ignored). */
export function optionNodes<N extends StreamNode>(nodes: readonly N[], params: URLSearchParams) {
	const trackingGroups = [
		...new Set(nodes.map((n) => n.trackingGroupId).filter((g): g is string => g !== null)),
	]
	const measurementTypes = measurementTypesOf(nodes)
	const group = params.get('tracking_group')
	const type = params.get('measurement_type')
	const chosenGroup = group && trackingGroups.includes(group) ? group : null
	const chosenType = type && measurementTypes.some((t) => t.code === type) ? type : null
	const shown = nodes.filter(
		(n) =>
			(!chosenGroup || n.trackingGroupId === chosenGroup) &&
			(!chosenType || (n.measurementTypes ?? []).some((t) => t.code === chosenType)),
	)
	return { nodes: shown, trackingGroups, chosenGroup, measurementTypes, chosenType }
}

/**
 * The nodes and events left by the options, the groups in force (`active`: chosen and not
 * disabled) and the groups chosen (`chosen`: before the user chooses, the product's defaults, as
 * the Transit node's own Filter starts: "Transit on, Non-transit on, Stale off, Exception on",
 * 000 §4). A chosen group that the measurement type or tracking group leaves without events is
 * disabled but stays chosen, so narrowing the nodes never drops a ticked box.
 */
export function filterStream<N extends StreamNode, E extends StreamEvent>(
	nodes: readonly N[],
	events: readonly E[],
	params: URLSearchParams,
) {
	const narrowed = optionNodes(nodes, params)
	const ids = new Set(narrowed.nodes.map((n) => n.id))
	const nodeEvents = events.filter((e) => e.nodeId !== null && ids.has(e.nodeId))
	const chosen = parseFilters(params, 'stream_filters') ?? DEFAULT_GROUPS
	const active: FilterGroup[] = activeGroups(chosen, nodeEvents)
	return {
		...narrowed,
		events: applyFilters(nodeEvents, active),
		/** The narrowed nodes' events before the event groups: a node's own Filter starts from these. */
		nodeEvents,
		active,
		chosen,
	}
}

/**
 * The nodes a timeline page works with, the same in its loader and its component: labelled by the
 * grouped-node final-transit rule, then narrowed by the options when their toggle is on.
 */
export function pageNodes<N extends StreamNode & StripNode>(
	nodes: readonly N[],
	params: URLSearchParams,
	toggles: { timelineOptions: boolean; finalTransitFix: boolean },
): N[] {
	const labelled = withFinalTransitRule(nodes, toggles.finalTransitFix)
	return toggles.timelineOptions ? optionNodes(labelled, params).nodes : labelled
}
