import { formatEventTime } from '~/lib/dates'
import { filterStream } from '~/lib/timeline/activity-stream'
import { enabledGroups } from '~/lib/timeline/filters'
import { nodeLabel } from '~/lib/timeline/nodes'
import type { ShipSet } from '~/lib/timeline/types'
import { TimelineOptions } from './timeline-options'

/**
 * The Activity Stream (touch view, 002 §1): every node and its events in one vertical list, with
 * the timeline's options (the same URL state as the Order Timeline's, ./timeline-options) when their
 * toggle is on, so a bookmark reopens the same list without JavaScript.
 */
export function ActivityStream({
	shipSet,
	search,
	options,
}: {
	shipSet: ShipSet
	search: string
	options: boolean
}) {
	const params = new URLSearchParams(search)
	const stream = filterStream(
		shipSet.nodes,
		shipSet.events,
		options ? params : new URLSearchParams(),
	)
	const { nodes, events } = stream
	const enabled = enabledGroups(shipSet.events.filter((e) => nodes.some((n) => n.id === e.nodeId)))
	return (
		<section className="activity-stream" aria-label="Activity Stream">
			{options ? (
				<TimelineOptions
					{...stream}
					shipSet={shipSet}
					search={search}
					enabled={enabled}
					label="Activity Stream filters"
				/>
			) : null}
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
