import { Skeleton } from '~/components/ui/skeleton'
import { EmptyState } from '~/components/ui/empty-state'
import { Button } from '~/components/ui/button'
import { useEffect, useState } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import { formatEventTime } from '~/lib/dates'
import {
	FILTER_GROUPS,
	FILTER_LABELS,
	FILTER_LOADER_MS,
	type FilterGroup,
} from '~/lib/timeline/filters'
import { eventLimit, GROUP_EXPANDED, GROUP_SHOWN, groupedNodeLabel } from '~/lib/timeline/nodes'
import { nodeHref, withParams } from '~/lib/timeline/url'
import type { TimelineEvent, TimelineNode } from '~/lib/timeline/types'
import { Icon, type IconName } from '~/components/ui/icon'

/** An event's mark by its type (002 §2); a stale one is marked stale whatever its type. */
const EVENT_ICONS: Record<string, IconName> = {
	transit: 'transit',
	delivered: 'delivered',
	exception: 'exception',
	info: 'info',
}

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
	/** The selected grouped node was selected again: its row is closed (`?collapsed=1`). */
	collapsed: boolean
	search: string
	/** The order's shipments: a grouped Transit node is named by its carrier and tracking number. */
	shipments: Parameters<typeof groupedNodeLabel>[1]
}) {
	const { node, group, events, enabled, active, allEvents, allGroup, collapsed, search } = props
	const grouped = group.length > 1
	const shown = events.slice(0, eventLimit(grouped, allEvents))
	const groupShown = group.slice(0, allGroup ? GROUP_EXPANDED : GROUP_SHOWN)
	// With JavaScript, toggling a filter shows a loader for 200 ms, or until the new list is in.
	const [toggled, setToggled] = useState(false)
	useEffect(() => {
		if (!toggled) return
		const timer = setTimeout(() => setToggled(false), FILTER_LOADER_MS)
		return () => clearTimeout(timer)
	}, [toggled])
	const navigation = useNavigation()
	const loading =
		toggled || (navigation.state !== 'idle' && navigation.formData?.has('filters') === true)
	return (
		<section className="events-panel" aria-label="Events panel">
			<h2>{grouped ? 'Nodes' : 'Events'}</h2>
			{grouped ? (
				<ul className="group-nodes">
					{groupShown.map((n) => {
						// 002 §4 "selecting a node expands it and makes it the current node; selecting it again clears the selection".
						const current = n.id === node?.id
						const open = current && !collapsed
						return (
							<li key={n.id}>
								<Link
									to={
										current
											? withParams(search, { collapsed: open ? '1' : null })
											: nodeHref(search, n.id)
									}
									aria-current={open ? 'true' : undefined}
									aria-expanded={open}
									preventScrollReset
									data-analytics="click_to_node"
								>
									{groupedNodeLabel(n, props.shipments)}
								</Link>
							</li>
						)
					})}
					{group.length > GROUP_SHOWN && !allGroup ? (
						<li>
							<Link to={withParams(search, { group: 'all' })}>Show all nodes</Link>
						</li>
					) : null}
				</ul>
			) : null}
			{grouped && collapsed ? null : node?.buildingType === 'Transit' ? (
				<TransitFilter
					enabled={enabled}
					active={active}
					search={search}
					onToggle={() => setToggled(true)}
				/>
			) : null}
			{node?.buildingType === 'Damage' && (node.damageCategory || node.damageNotes) ? (
				<div className="damage-note">
					<strong>{node.damageCategory}</strong>
					<p>{node.damageNotes}</p>
				</div>
			) : null}
			{grouped && collapsed ? null : loading ? (
				<Skeleton label="Loading…" />
			) : shown.length === 0 ? (
				<EmptyState>No Events.</EmptyState>
			) : (
				<ol className="event-list">
					{shown.map((e) => (
						<li
							key={e.id}
							className={`event event-${e.eventType}${e.staleAt ? ' event-stale' : ''}`}
						>
							<div className="event-title">
								<Icon name={e.staleAt ? 'stale' : (EVENT_ICONS[e.eventType] ?? 'info')} />
								{e.title}
								{e.blockchainVerified ? <span className="event-verified"> (verified)</span> : null}
								{e.staleAt ? <span className="event-stale-mark"> (stale)</span> : null}
							</div>
							<div className="event-time">{formatEventTime(e.eventAt, e.timezoneName)}</div>
							{e.locationAt ? <div className="event-place">{e.locationAt}</div> : null}
							{e.summary
								? e.summary.split(';').map((line, i) => (
										<div key={i} className="event-summary">
											{line.trim()}
										</div>
									))
								: null}
						</li>
					))}
				</ol>
			)}
			{!(grouped && collapsed) && events.length > eventLimit(grouped, false) ? (
				<Link
					to={withParams(search, { events: allEvents ? null : 'all' })}
					data-analytics={allEvents ? 'collapse_events' : 'show_all_events'}
				>
					{allEvents ? 'Collapse Events' : 'Show All Events'}
				</Link>
			) : null}
		</section>
	)
}

/**
 * The Transit node's Filter toggle (002 §2 "A Filter toggle shown only for Transit nodes, with
 * the options Transit, Non-Transit, Stale and Exception"; §4): a GET form (`?filters=`) with an
 * Apply button, so it works without JavaScript; with it, ticking a box applies at once and
 * keeps the keyboard focus on that box. Open once the user has chosen, so the choice shows.
 */
function TransitFilter(props: {
	enabled: FilterGroup[]
	active: FilterGroup[]
	search: string
	onToggle: () => void
}) {
	const { enabled, active, search, onToggle } = props
	const submit = useSubmit()
	const params = new URLSearchParams(search)
	const keep = [...params].filter(([k]) => k !== 'filters' && k !== 'events')
	const [ticked, setTicked] = useState(active)
	const activeKey = active.join()
	useEffect(() => setTicked(active), [activeKey]) // eslint-disable-line react-hooks/exhaustive-deps -- the URL's choice, by value
	return (
		<details className="event-filter" open={params.has('filters') || undefined}>
			<summary>Filter</summary>
			<Form
				method="get"
				preventScrollReset
				aria-label="Filter"
				onChange={(e) => {
					onToggle()
					void submit(e.currentTarget, { preventScrollReset: true })
				}}
			>
				{keep.map(([k, v], i) => (
					<input key={`${k}-${i}`} type="hidden" name={k} value={v} />
				))}
				{/* Always sent, so unticking every box is a choice, not the defaults (parseFilters). */}
				<input type="hidden" name="filters" value="" />
				<fieldset>
					<legend className="visually-hidden">Filter</legend>
					{FILTER_GROUPS.map((g) => (
						<label key={g}>
							<input
								type="checkbox"
								name="filters"
								value={g}
								checked={ticked.includes(g)}
								disabled={!enabled.includes(g)}
								onChange={(e) =>
									setTicked((now) => (e.target.checked ? [...now, g] : now.filter((x) => x !== g)))
								}
							/>{' '}
							{FILTER_LABELS[g]}
						</label>
					))}
					<Button type="submit">Apply</Button>
				</fieldset>
			</Form>
		</details>
	)
}
