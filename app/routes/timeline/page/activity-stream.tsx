import { Button } from '~/components/ui/button'
import { Form } from 'react-router'
import { formatEventTime } from '~/lib/dates'
import { filterStream } from '~/lib/timeline/activity-stream'
import { FILTER_GROUPS, FILTER_LABELS, enabledGroups } from '~/lib/timeline/filters'
import { nodeLabel } from '~/lib/timeline/nodes'
import type { ShipSet } from '~/components/timeline/types'

/**
 * The Activity Stream (touch view, 002 §1): every node and its events in one vertical list, with
 * the event and tracking-group filters as a GET form (`stream_filters`, `tracking_group`), so a
 * bookmark reopens the same list without JavaScript.
 */
export function ActivityStream({ shipSet, search }: { shipSet: ShipSet; search: string }) {
	const params = new URLSearchParams(search)
	const { nodes, events, active, trackingGroups, chosenGroup } = filterStream(shipSet.nodes, shipSet.events, params)
	const enabled = enabledGroups(shipSet.events.filter((e) => nodes.some((n) => n.id === e.nodeId)))
	const keep = [...params].filter(([k]) => k !== 'stream_filters' && k !== 'tracking_group')
	const groupLabel = (id: string) => {
		const node = shipSet.nodes.find((n) => n.trackingGroupId === id)
		const shipment = shipSet.shipments.find((s) => s.id === node?.connectableId)
		return [node ? nodeLabel(node) : 'Tracking group', shipment?.trackingNumber].filter(Boolean).join(' · ')
	}
	return (
		<section className="activity-stream" aria-label="Activity Stream">
			<Form key={search} method="get" className="activity-filter" aria-label="Activity Stream filters">
				{keep.map(([k, v], i) => (
					<input key={`${k}-${i}`} type="hidden" name={k} value={v} />
				))}
				{/* Always sent, so unticking every box is a choice, not the defaults (parseFilters). */}
				<input type="hidden" name="stream_filters" value="" />
				<fieldset>
					<legend>Events</legend>
					{FILTER_GROUPS.map((g) => (
						<label key={g}>
							<input type="checkbox" name="stream_filters" value={g} defaultChecked={active.includes(g)} disabled={!enabled.includes(g)} /> {FILTER_LABELS[g]}
						</label>
					))}
				</fieldset>
				{trackingGroups.length > 0 ? (
					<label>
						Tracking group{' '}
						<select name="tracking_group" defaultValue={chosenGroup ?? ''}>
							<option value="">All</option>
							{trackingGroups.map((g) => (
								<option key={g} value={g}>
									{groupLabel(g)}
								</option>
							))}
						</select>
					</label>
				) : null}
				<Button type="submit">Apply</Button>
			</Form>
			<ol>
				{nodes.map((n) => (
					<li key={n.id}>
						<h2>{nodeLabel(n)}</h2>
						<ul>
							{events
								.filter((e) => e.nodeId === n.id)
								.map((e) => (
									<li key={e.id}>
										{e.title} · {formatEventTime(e.eventAt, e.timezoneName)}
									</li>
								))}
						</ul>
					</li>
				))}
			</ol>
		</section>
	)
}
