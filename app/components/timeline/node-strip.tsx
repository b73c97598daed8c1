import { lazy, Suspense, type ReactElement } from 'react'
import { Link } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { formatEventTime } from '~/lib/dates'
import {
	lastEventOf,
	nodeLabel,
	nodesOfSource,
	nodesShown,
	parseNodeType,
	SLIDE_DELAY_MS,
	sourceButtons,
	STRIP_RESPONSIVE,
	touchTotals,
} from '~/lib/timeline/nodes'
import { nodeHref, withParams } from '~/lib/timeline/url'
import type { TimelineEvent, TimelineNode } from '~/lib/timeline/types'
import { BuildingIcon, Icon } from '~/components/ui/icon'

const NodeCarousel = lazy(() => import('~/components/tracker/node-carousel'))

/**
 * The node strip (002 §2 "Node strip"): node links (`?nodeId=`), FIRST TOUCH / LAST TOUCH,
 * 'ChronosTouch Totals', the source filter (`?source=`) and 'Total Order Time'.
 * The server renders every node as a horizontally scrollable list: that is the whole strip
 * without JavaScript. Once hydrated, the same cards move into react-multi-carousel (the
 * public tracker's NodeCarousel, loaded on demand): 5 at a time, sliding 5 (speed 100),
 * and 1200 ms after load it scrolls to the multiple of 5 that holds the selected node.
 */
export function NodeStrip(props: {
	nodes: TimelineNode[]
	selectedId: string | null
	source: string
	search: string
	orderTime: string
	hasEvents: boolean
	/** With 002 §6's "single-column last-event display": the order's events, so each card shows its last one. */
	lastEvents?: readonly TimelineEvent[] | null
}) {
	const { nodes, selectedId, source, search, orderTime, hasEvents, lastEvents } = props
	const ofSource = nodesOfSource(nodes, source)
	const nodeType = parseNodeType(ofSource, new URLSearchParams(search).get('node_type'))
	const shown = nodesShown(nodes, source, nodeType)
	const first = shown[0]
	const last = shown.at(-1)
	const hydrated = useHydrated()
	const cards: ReactElement[] = shown.map((n) => {
		const last = lastEvents ? lastEventOf(n.id, lastEvents) : null
		return (
			<div
				key={n.id}
				className={`node${n.id === selectedId ? ' selected' : ''}${lastEvents ? ' node--single-column' : ''}`}
				data-group={n.position}
				data-building={n.buildingType}
			>
				<Link
					to={nodeHref(search, n.id)}
					aria-current={n.id === selectedId ? 'true' : undefined}
					preventScrollReset
					data-analytics="click_to_node"
				>
					<span className="node-icon">
						<BuildingIcon type={n.buildingType} />
						{n.withExceptionEvent ? (
							<span className="node-exception">
								<Icon name="exception" label="Exception" />
							</span>
						) : null}
					</span>
					<span className="node-type">{nodeLabel(n)}</span>
					<span className="node-place">
						{n.location
							? [n.location.city, n.location.state].filter(Boolean).join(', ') || n.location.name
							: ''}
					</span>
					{lastEvents ? (
						<span className="node-last-event">
							<span className="node-last-event__title">
								{last ? `Last event: ${last.title}` : 'No events'}
							</span>
							<span className="node-time">
								{last ? formatEventTime(last.eventAt, last.timezoneName) : ''}
							</span>
						</span>
					) : (
						<span className="node-time">
							{n.lastEventAt ? formatEventTime(n.lastEventAt, n.location?.timezone) : ''}
						</span>
					)}
				</Link>
			</div>
		)
	})
	const list = (
		<ol className="node-strip-list">
			{cards.map((card) => (
				<li key={card.key}>{card}</li>
			))}
		</ol>
	)
	return (
		<section className="node-strip" aria-label="Nodes">
			<div className="node-strip-controls">
				{first ? (
					<Link to={nodeHref(search, first.id)} data-analytics="click_to_node">
						FIRST TOUCH
					</Link>
				) : null}
				{last ? (
					<Link to={nodeHref(search, last.id)} data-analytics="click_to_node">
						LAST TOUCH
					</Link>
				) : null}
			</div>
			{hydrated && cards.length ? (
				<Suspense fallback={list}>
					<NodeCarousel
						selectedIndex={Math.max(
							0,
							shown.findIndex((n) => n.id === selectedId),
						)}
						responsive={STRIP_RESPONSIVE}
						label="Node carousel"
						listClass="node-strip-list node-strip-carousel"
						initialDelayMs={SLIDE_DELAY_MS}
					>
						{cards}
					</NodeCarousel>
				</Suspense>
			) : (
				list
			)}
			<div className="node-strip-totals">
				<h2>ChronosTouch Totals</h2>
				{/* 002 §2: "one button per node type showing its count, plus a 'Total' button": each shows only
				    that type in the strip (URL state, ?node_type=), Total shows every node again. */}
				<ul aria-label="Show nodes of a type">
					{touchTotals(ofSource).map((t) => {
						const all = t.type === 'Total'
						const current = all ? nodeType === null : nodeType === t.type
						return (
							<li key={t.type}>
								{t.count === 0 && !all ? (
									<span className="node-total" aria-disabled="true">
										<span>{t.type}</span> <strong>{t.count}</strong>
									</span>
								) : (
									<Link
										className="node-total"
										to={withParams(search, {
											node_type: all ? null : t.type,
											nodeId: null,
											node_connectable_id: null,
										})}
										aria-current={current ? 'true' : undefined}
										preventScrollReset
									>
										<span>{t.type}</span> <strong>{t.count}</strong>
									</Link>
								)}
							</li>
						)
					})}
				</ul>
			</div>
			<ul className="node-strip-sources" aria-label="Source filter">
				{sourceButtons(nodes).map((b) => (
					<li key={b.value}>
						<Link
							to={withParams(search, { source: b.value === 'all' ? null : b.value })}
							aria-current={b.value === source ? 'true' : undefined}
						>
							{b.label}
						</Link>
					</li>
				))}
			</ul>
			{hasEvents ? (
				<p className="order-time">Total Order Time: {orderTime}</p>
			) : (
				<p className="order-time">No events available</p>
			)}
		</section>
	)
}
