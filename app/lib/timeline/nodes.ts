/**
 * Node strip rules (002 §2 "Node strip", §4 "Event display and filters", §9).
 */

const NODE_TYPES = ['Factory', 'Transit', 'DC', 'Customer'] as const
const EVENTS_SHOWN = 5
export const GROUP_SHOWN = 4
export const GROUP_EXPANDED = 100

/**
 * How many events the events panel lists (002 §4 "The events list shows 5 by default and
 * expands to all; inside a grouped node it shows 4 and expands to 100"; §9 "Events shown:
 * 5 by default; grouped node 4, expanded 100").
 */
export function eventLimit(grouped: boolean, expanded: boolean): number {
	if (grouped) return expanded ? GROUP_EXPANDED : GROUP_SHOWN
	return expanded ? Infinity : EVENTS_SHOWN
}

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
 * A node of a group (several nodes at one position: one per shipment) named so that its siblings
 * differ: a Transit node by its shipment's carrier and tracking number ('Transit · UPS
 * 1Z999AA10123456784'), any other by its type alone.
 */
export function groupedNodeLabel(
	node: Pick<StripNode, 'buildingType' | 'finalMile' | 'connectableId'>,
	shipments: readonly {
		id: string
		trackingNumber: string | null
		carrier: { name: string } | null
	}[],
): string {
	const label = nodeLabel(node)
	if (node.buildingType !== 'Transit') return label
	const shipment = shipments.find((s) => s.id === node.connectableId)
	const names = [shipment?.carrier?.name, shipment?.trackingNumber].filter(Boolean).join(' ')
	return names ? `${label} · ${names}` : label
}

/**
 * 002 §6 "the grouped-node final-transit fix" (a toggle). "Final-mile Transit nodes are labelled
 * 'Final Transit'" (§2) holds with the fix everywhere. Without it, the older rule: a node of a
 * group (several nodes at one position, e.g. SO-1001's two shipments) takes its final-mile mark
 * from the group's first node, so a final-mile shipment that is not first in its group reads
 * 'Transit'. Nodes outside a group are labelled by themselves either way.
 */
export function withFinalTransitRule<N extends StripNode>(nodes: readonly N[], fix: boolean): N[] {
	if (fix) return [...nodes]
	return groupNodes(nodes).flatMap((group) =>
		group.map((n) => (group.length > 1 ? { ...n, finalMile: group[0]!.finalMile } : n)),
	)
}

/**
 * 002 §6 "the single-column last-event display" (a toggle): with it, each node card shows its last
 * event (title, then time) in one column under the node; without it, only the last event's time.
 * The last event is the latest by time of the node's events.
 */
export function lastEventOf<E extends { nodeId: string | null; eventAt: string; title: string }>(
	nodeId: string,
	events: readonly E[],
): E | null {
	let last: E | null = null
	for (const e of events)
		if (e.nodeId === nodeId && (!last || Date.parse(e.eventAt) > Date.parse(last.eventAt))) last = e
	return last
}

/**
 * "'ChronosTouch Totals' with one button per node type showing its count, plus a 'Total'
 * button. Node types: Factory, Transit, DC, Customer (and Damage for damage nodes)."
 * Transit Hub nodes count as Transit.
 */
export function touchTotals(
	nodes: readonly Pick<StripNode, 'buildingType'>[],
): { type: string; count: number }[] {
	const count = (t: string) => nodes.filter((n) => touchType(n) === t).length
	const rows: { type: string; count: number }[] = NODE_TYPES.map((type) => ({
		type,
		count: count(type),
	}))
	const damage = count('Damage')
	if (damage > 0) rows.push({ type: 'Damage', count: damage })
	return [...rows, { type: 'Total', count: nodes.length }]
}

/**
 * "Source filter buttons, one per source present: data, tracker, discrepancy (labelled
 * 'Discrepancies'), others with a capitalised name; an 'All' button when there is more
 * than one source."
 */
export function sourceButtons(
	nodes: readonly Pick<StripNode, 'source'>[],
): { value: string; label: string }[] {
	const present = [...new Set(nodes.map((n) => n.source))]
	const label = (s: string) =>
		s === 'discrepancy' ? 'Discrepancies' : s.charAt(0).toUpperCase() + s.slice(1)
	const buttons = present.map((value) => ({ value, label: label(value) }))
	return present.length > 1 ? [{ value: 'all', label: 'All' }, ...buttons] : buttons
}

/**
 * "Loading many nodes selects the node matching the requested id, otherwise the first";
 * node_connectable_id (a shipment id) selects the transit node of that shipment (§2 Routes).
 */
export function selectNode<N extends StripNode>(
	nodes: readonly N[],
	nodeId: string | null,
	connectableId: string | null,
): N | null {
	return (
		(nodeId && nodes.find((n) => n.id === nodeId)) ||
		(connectableId && nodes.find((n) => n.connectableId === connectableId)) ||
		nodes[0] ||
		null
	)
}

/** The source filter in force (`?source=`): a source the order's nodes have, else 'all'. */
export function parseSource(
	nodes: readonly Pick<StripNode, 'source'>[],
	value: string | null,
): string {
	return value && nodes.some((n) => n.source === value) ? value : 'all'
}

/** The nodes the strip shows for a source filter ('all': every node). */
export function nodesOfSource<N extends Pick<StripNode, 'source'>>(
	nodes: readonly N[],
	source: string,
): N[] {
	return source === 'all' ? [...nodes] : nodes.filter((n) => n.source === source)
}

/** A ChronosTouch Totals type: Transit Hub nodes count as Transit. */
const touchType = (n: Pick<StripNode, 'buildingType'>) =>
	n.buildingType === 'Transit Hub' ? 'Transit' : n.buildingType

/**
 * The node type the ChronosTouch Totals filter the strip by (`?node_type=`; 002 §2 "one button per
 * node type showing its count, plus a 'Total' button"): a type the nodes shown have, else null
 * (Total: every node).
 */
export function parseNodeType(
	nodes: readonly Pick<StripNode, 'buildingType'>[],
	value: string | null,
): string | null {
	return value && nodes.some((n) => touchType(n) === value) ? value : null
}

/** The nodes the strip shows: those of the source filter, then of the node type when one is chosen. */
export function nodesShown<N extends Pick<StripNode, 'source' | 'buildingType'>>(
	nodes: readonly N[],
	source: string,
	nodeType: string | null,
): N[] {
	const ofSource = nodesOfSource(nodes, source)
	return nodeType ? ofSource.filter((n) => touchType(n) === nodeType) : ofSource
}

/**
 * The node the URL selects: `nodeId`, else `node_connectable_id`, else the first node, among
 * the nodes the strip shows (source filter, node type), so the selection is always one of them.
 */
export function selectedNode<N extends StripNode>(
	nodes: readonly N[],
	q: URLSearchParams,
): N | null {
	const source = parseSource(nodes, q.get('source'))
	const shown = nodesShown(
		nodes,
		source,
		parseNodeType(nodesOfSource(nodes, source), q.get('node_type')),
	)
	return selectNode(shown, q.get('nodeId'), q.get('node_connectable_id'))
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

/**
 * The carousel's breakpoints (002 §2 "A carousel showing 5 nodes at a time. Narrower
 * screens show fewer: 4 below 1200 px, 5 below 991 px, 4 below 860 px, 3 below 718 px,
 * 2 below 580 px"), sliding as many as it shows ("slides 5 at a time"). '5 below 991'
 * contradicts "narrower screens show fewer" and 000 §9's "4/3/2", so it is read as 4:
 * 5 from 1200 px, 4 down to 718, 3 down to 580, 2 below (README "Where the documents
 * disagree"). The no-JS list in timeline.css uses the same widths.
 */
export const STRIP_RESPONSIVE = {
	wide: { breakpoint: { max: 100_000, min: 1200 }, items: 5, slidesToSlide: 5 },
	desktop: { breakpoint: { max: 1199, min: 718 }, items: 4, slidesToSlide: 4 },
	tablet: { breakpoint: { max: 717, min: 580 }, items: 3, slidesToSlide: 3 },
	phone: { breakpoint: { max: 579, min: 0 }, items: 2, slidesToSlide: 2 },
}

/** "The carousel ... initially scrolls to a multiple of 5 after 1200 ms" (002 §2, §9). */
export const SLIDE_DELAY_MS = 1200
const SLIDE_PAGE = 5

/**
 * The first slide shown: the multiple of 5 at or below the selected node's index; on a
 * narrower screen, of the number shown (the carousel slides by pages of that size).
 */
export function carouselStart(selectedIndex: number, visible: number = SLIDE_PAGE): number {
	const page = Math.max(1, visible)
	return Math.floor(Math.max(0, selectedIndex) / page) * page
}
