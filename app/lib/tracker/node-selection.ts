import type { GroupView, NodeView, TimelineView } from './timeline-view'

/**
 * Which node the public timeline shows (000 §4 "Initial node selection (public): the last
 * group of nodes, or the group whose Transit node matches the trackingNumber query (only
 * if a matching shipment is found); the default selected node is the first of the
 * group."). The selection lives in the URL (`node` = a node id), so it works without
 * JavaScript and bookmarks what was on screen.
 *
 * Our reading: when a tracking number picks the group, the node selected is the Transit
 * node of that shipment, which is the first of the group when it is the first shipment;
 * a visitor who typed the second shipment's number expects to see that shipment.
 */
export function initialNodeId(view: TimelineView, trackingNumber?: string | null): string | null {
	const wanted = trackingNumber?.trim().toLowerCase()
	if (wanted) {
		for (const group of view.groups) {
			const match = group.nodeIds
				.map((id) => view.nodes[id])
				.find((n) => n?.isTransit && n.shipment?.trackingNumber?.toLowerCase() === wanted)
			if (match) return match.id
		}
	}
	return view.groups.at(-1)?.nodeIds[0] ?? null
}

export interface Selection {
	group: GroupView
	node: NodeView
	/** 000 §2 "Nodes with more than one grouped node use list mode." */
	listMode: boolean
}

/** The node named by `node` when it belongs to this order, else the initial one. */
export function selectNode(view: TimelineView, search: URLSearchParams): Selection | null {
	const asked = search.get('node')
	const id = asked && view.nodes[asked] ? asked : initialNodeId(view, search.get('trackingNumber'))
	const node = id ? view.nodes[id] : undefined
	if (!node) return null
	const group = view.groups.find((g) => g.key === node.groupKey)
	if (!group) return null
	return { group, node, listMode: group.nodeIds.length > 1 }
}

/** 000 §2 "an events panel titled 'Nodes' (multiple nodes) or 'Events'". */
export function panelTitle(selection: Selection): 'Nodes' | 'Events' {
	return selection.listMode ? 'Nodes' : 'Events'
}
