import { Link } from 'react-router'
import { formatEventTime } from '~/lib/dates'
import { nodeLabel, sourceButtons, touchTotals } from '~/lib/timeline/nodes'
import { withParams } from '~/lib/timeline/url'
import type { TimelineNode } from './types'

/**
 * The node strip (002 §2 "Node strip"): a horizontally scrollable list of node links
 * (`?nodeId=`), FIRST TOUCH / LAST TOUCH, 'ChronosTouch Totals', the source filter
 * (`?source=`) and 'Total Order Time'. Server-rendered; reads without JavaScript.
 */
export function NodeStrip(props: {
	nodes: TimelineNode[]
	selectedId: string | null
	source: string
	search: string
	orderTime: string
	hasEvents: boolean
}) {
	const { nodes, selectedId, source, search, orderTime, hasEvents } = props
	const shown = source === 'all' ? nodes : nodes.filter((n) => n.source === source)
	const first = shown[0]
	const last = shown.at(-1)
	const nodeHref = (id: string) => withParams(search, { nodeId: id, node_connectable_id: null, events: null })
	return (
		<section className="node-strip" aria-label="Nodes">
			<div className="node-strip-controls">
				{first ? <Link to={nodeHref(first.id)}>FIRST TOUCH</Link> : null}
				{last ? <Link to={nodeHref(last.id)}>LAST TOUCH</Link> : null}
			</div>
			<ol className="node-strip-list">
				{shown.map((n) => (
					<li key={n.id} className={n.id === selectedId ? 'node selected' : 'node'} data-group={n.position}>
						<Link to={nodeHref(n.id)} aria-current={n.id === selectedId ? 'true' : undefined}>
							<span className="node-type">{nodeLabel(n)}</span>
							{n.withExceptionEvent ? <span className="node-exception"> !</span> : null}
							<span className="node-place">{n.location ? [n.location.city, n.location.state].filter(Boolean).join(', ') || n.location.name : ''}</span>
							<span className="node-time">{n.lastEventAt ? formatEventTime(n.lastEventAt) : ''}</span>
						</Link>
					</li>
				))}
			</ol>
			<div className="node-strip-totals">
				<h2>ChronosTouch Totals</h2>
				<ul>
					{touchTotals(shown).map((t) => (
						<li key={t.type}>
							<span>{t.type}</span> <strong>{t.count}</strong>
						</li>
					))}
				</ul>
			</div>
			<ul className="node-strip-sources" aria-label="Source filter">
				{sourceButtons(nodes).map((b) => (
					<li key={b.value}>
						<Link to={withParams(search, { source: b.value === 'all' ? null : b.value })} aria-current={b.value === source ? 'true' : undefined}>
							{b.label}
						</Link>
					</li>
				))}
			</ul>
			{hasEvents ? <p className="order-time">Total Order Time: {orderTime}</p> : <p className="order-time">No events available</p>}
		</section>
	)
}
