import { Form, Link } from 'react-router'
import { formatEventTime } from '~/lib/dates'
import { FILTER_GROUPS, FILTER_LABELS, type FilterGroup } from '~/lib/timeline/filters'
import { EVENTS_SHOWN, GROUP_SHOWN, nodeLabel } from '~/lib/timeline/nodes'
import { withParams } from '~/lib/timeline/url'
import type { TimelineEvent, TimelineNode } from './types'

/**
 * The events panel (002 §2 "Events panel (left)"): 'Events', or 'Nodes' for a grouped node;
 * the Transit filter (a GET form, `?filters=`), 5 events then all (`?events=all`), damage notes.
 */
export function EventsPanel(props: {
	node: TimelineNode | null
	group: TimelineNode[]
	events: TimelineEvent[]
	enabled: FilterGroup[]
	active: FilterGroup[]
	allEvents: boolean
	allGroup: boolean
	search: string
}) {
	const { node, group, events, enabled, active, allEvents, allGroup, search } = props
	const grouped = group.length > 1
	const shown = allEvents ? events : events.slice(0, EVENTS_SHOWN)
	const groupShown = group.slice(0, allGroup ? 100 : GROUP_SHOWN)
	const keep = [...new URLSearchParams(search)].filter(([k]) => k !== 'filters' && k !== 'events')
	return (
		<section className="events-panel" aria-label="Events panel">
			<h2>{grouped ? 'Nodes' : 'Events'}</h2>
			{grouped ? (
				<ul className="group-nodes">
					{groupShown.map((n) => (
						<li key={n.id}>
							<Link to={withParams(search, { nodeId: n.id, node_connectable_id: null })} aria-current={n.id === node?.id ? 'true' : undefined}>
								{nodeLabel(n)}
							</Link>
						</li>
					))}
					{group.length > GROUP_SHOWN && !allGroup ? (
						<li>
							<Link to={withParams(search, { group: 'all' })}>Show all nodes</Link>
						</li>
					) : null}
				</ul>
			) : null}
			{node?.buildingType === 'Transit' ? (
				<Form key={search} method="get" className="event-filter" aria-label="Filter">
					{keep.map(([k, v]) => (
						<input key={k} type="hidden" name={k} value={v} />
					))}
					<fieldset>
						<legend>Filter</legend>
						{FILTER_GROUPS.map((g) => (
							<label key={g}>
								<input type="checkbox" name="filters" value={g} defaultChecked={active.includes(g)} disabled={!enabled.includes(g)} /> {FILTER_LABELS[g]}
							</label>
						))}
						<button type="submit">Apply</button>
					</fieldset>
				</Form>
			) : null}
			{node?.buildingType === 'Damage' && (node.damageCategory || node.damageNotes) ? (
				<div className="damage-note">
					<strong>{node.damageCategory}</strong>
					<p>{node.damageNotes}</p>
				</div>
			) : null}
			{shown.length === 0 ? (
				<p>No Events.</p>
			) : (
				<ol className="event-list">
					{shown.map((e) => (
						<li key={e.id} className={`event event-${e.eventType}${e.staleAt ? ' event-stale' : ''}`}>
							<div className="event-title">
								{e.eventType === 'delivered' ? '✓ ' : null}
								{e.title}
								{e.blockchainVerified ? <span className="event-verified"> (verified)</span> : null}
								{e.staleAt ? <span className="event-stale-mark"> (stale)</span> : null}
							</div>
							<div className="event-time">{formatEventTime(e.eventAt, e.timezoneName)}</div>
							{e.locationAt ? <div className="event-place">{e.locationAt}</div> : null}
							{e.summary ? e.summary.split(';').map((line, i) => <div key={i} className="event-summary">{line.trim()}</div>) : null}
						</li>
					))}
				</ol>
			)}
			{events.length > EVENTS_SHOWN ? (
				<Link to={withParams(search, { events: allEvents ? null : 'all' })}>{allEvents ? 'Collapse Events' : 'Show All Events'}</Link>
			) : null}
		</section>
	)
}
