/**
 * Node strip rules (002 §2 "Node strip", §4 "Event display and filters", §9).
 */

export const NODE_TYPES = ['Factory', 'Transit', 'DC', 'Customer'] as const
export const EVENTS_SHOWN = 5
export const GROUP_SHOWN = 4

export interface StripNode {
	id: string
	buildingType: string
	finalMile: boolean
	source: string
	connectableId: string | null
	position: number
}

/** "Final-mile Transit nodes are labelled 'Final Transit'." */
export function nodeLabel(node: Pick<StripNode, 'buildingType' | 'finalMile'>): string {
	return node.buildingType === 'Transit' && node.finalMile ? 'Final Transit' : node.buildingType
}

/**
 * "'ChronosTouch Totals' with one button per node type showing its count, plus a 'Total'
 * button. Node types: Factory, Transit, DC, Customer (and Damage for damage nodes)."
 * Transit Hub nodes count as Transit.
 */
export function touchTotals(nodes: readonly Pick<StripNode, 'buildingType'>[]): { type: string; count: number }[] {
	const count = (t: string) => nodes.filter((n) => (n.buildingType === 'Transit Hub' ? 'Transit' : n.buildingType) === t).length
	const rows: { type: string; count: number }[] = NODE_TYPES.map((type) => ({ type, count: count(type) }))
	const damage = count('Damage')
	if (damage > 0) rows.push({ type: 'Damage', count: damage })
	return [...rows, { type: 'Total', count: nodes.length }]
}

/**
 * "Source filter buttons, one per source present: data, tracker, discrepancy (labelled
 * 'Discrepancies'), others with a capitalised name; an 'All' button when there is more
 * than one source."
 */
export function sourceButtons(nodes: readonly Pick<StripNode, 'source'>[]): { value: string; label: string }[] {
	const present = [...new Set(nodes.map((n) => n.source))]
	const label = (s: string) => (s === 'discrepancy' ? 'Discrepancies' : s.charAt(0).toUpperCase() + s.slice(1))
	const buttons = present.map((value) => ({ value, label: label(value) }))
	return present.length > 1 ? [{ value: 'all', label: 'All' }, ...buttons] : buttons
}

/**
 * "Loading many nodes selects the node matching the requested id, otherwise the first";
 * node_connectable_id (a shipment id) selects the transit node of that shipment (§2 Routes).
 */
export function selectNode<N extends StripNode>(nodes: readonly N[], nodeId: string | null, connectableId: string | null): N | null {
	return (
		(nodeId && nodes.find((n) => n.id === nodeId)) ||
		(connectableId && nodes.find((n) => n.connectableId === connectableId)) ||
		nodes[0] ||
		null
	)
}

/** Nodes sharing a position form one group (server/db/README.md "Node groups"). */
export function groupNodes<N extends StripNode>(nodes: readonly N[]): N[][] {
	const groups: N[][] = []
	for (const node of nodes) {
		const last = groups.at(-1)
		if (last && last[0]!.position === node.position) last.push(node)
		else groups.push([node])
	}
	return groups
}
