import { Link } from 'react-router'
import { applyFilters, availableFilters, filtersFromSearch } from '~/lib/tracker/events'
import { panelTitle, type Selection } from '~/lib/tracker/node-selection'
import { carriedFields, nodeSearch, withSearch } from '~/lib/tracker/timeline-links'
import type { NodeView } from '~/lib/tracker/timeline-view'
import { trackerTexts } from '~/lib/tracker/texts'
import { EventList } from '~/components/tracker/event-list'
import { FilterMenu } from './filter-menu'
import { Icon } from '~/components/ui/icon'

/**
 * The panel under the node strip (000 §2 "Public timeline": "an events panel titled
 * 'Nodes' (multiple nodes) or 'Events'; a Filter menu (only for Transit nodes) …; a
 * details panel …; an event list …; for Transit nodes the shipper location and consignee
 * location"; "Grouped nodes: each node is a row with tracking id ('Tracking ID not found'
 * default) and estimated delivery (N/A default); clicking a row expands or collapses its
 * events"). Everything it shows follows the URL.
 */

function Details({ node }: { node: NodeView }) {
	const s = node.shipment
	return (
		<>
			<dl className="details">
				{s ? (
					<>
						<div>
							<dt>{trackerTexts.carrier}</dt>
							<dd>{s.carrier ?? trackerTexts.notAvailable}</dd>
						</div>
						<div>
							<dt>{trackerTexts.trackingNumber}</dt>
							<dd>{s.trackingNumber ?? trackerTexts.trackingIdNotFound}</dd>
						</div>
						<div>
							<dt>{trackerTexts.estimatedDeliveryDate}</dt>
							<dd>{s.estimatedDelivery}</dd>
						</div>
					</>
				) : null}
				<div>
					<dt>Location</dt>
					<dd>{node.location ?? trackerTexts.noLocationAvailable}</dd>
				</div>
			</dl>
			{node.isTransit ? (
				<dl className="details details--parties">
					<div>
						<dt>{trackerTexts.shipper}</dt>
						<dd>{s?.shipper ?? trackerTexts.noLocationFound}</dd>
					</div>
					<div>
						<dt>{trackerTexts.consignee}</dt>
						<dd>{s?.consignee ?? trackerTexts.noLocationFound}</dd>
					</div>
				</dl>
			) : null}
		</>
	)
}

function NodeBody({ node, search }: { node: NodeView; search: URLSearchParams }) {
	// Filters apply to Transit nodes only: elsewhere every event shows.
	const events = node.isTransit ? applyFilters(node.events, filtersFromSearch(search)) : node.events
	return (
		<div className="node-body">
			<Details node={node} />
			<EventList
				events={events}
				showAll={search.get('events') === 'all'}
				showAllHref={withSearch(search, { events: 'all', node: node.id })}
				collapseHref={withSearch(search, { events: null, node: node.id })}
			/>
		</div>
	)
}

export function EventsPanel({
	selection,
	nodes,
	search,
}: {
	selection: Selection
	nodes: Record<string, NodeView>
	search: URLSearchParams
}) {
	const { node, group, listMode } = selection
	const title = panelTitle(selection)
	const selected = filtersFromSearch(search)
	return (
		<section className="panel events-panel" aria-labelledby="events-panel-title">
			<header className="panel__header">
				<h2 id="events-panel-title">{title}</h2>
				{node.isTransit ? (
					<FilterMenu
						key={`${node.id}:${[...selected].join(',')}`}
						selected={selected}
						available={availableFilters(node.events)}
						carried={carriedFields(search, node.id)}
					/>
				) : null}
			</header>
			{listMode ? (
				<ul className="grouped-nodes">
					{group.nodeIds.map((id) => {
						const member = nodes[id]
						if (!member) return null
						const open = id === node.id && search.get('collapsed') !== '1'
						const href =
							id === node.id
								? withSearch(search, { collapsed: open ? '1' : null })
								: nodeSearch(search, id)
						return (
							<li key={id} className={open ? 'grouped-node grouped-node--open' : 'grouped-node'}>
								<Link
									to={href}
									className="grouped-node__row"
									aria-expanded={open}
									preventScrollReset
									replace
								>
									<span>
										<span className="grouped-node__label">{trackerTexts.trackingId}</span>{' '}
										{member.shipment?.trackingNumber ?? trackerTexts.trackingIdNotFound}
									</span>
									<span>
										<span className="grouped-node__label">{trackerTexts.estimatedDelivery}</span>{' '}
										{member.shipment?.estimatedDelivery ?? trackerTexts.notAvailable}
									</span>
									<Icon name={open ? 'chevron-up' : 'chevron-down'} />
								</Link>
								{open ? <NodeBody node={member} search={search} /> : null}
							</li>
						)
					})}
				</ul>
			) : (
				<NodeBody node={node} search={search} />
			)}
		</section>
	)
}
