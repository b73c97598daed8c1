import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { FILTER_GROUPS, FILTER_LABELS, type FilterGroup } from '~/lib/timeline/filters'
import { nodeLabel } from '~/lib/timeline/nodes'
import type { ShipSet } from '~/lib/timeline/types'

/** The URL parameters the options own; every other one is kept as it is. */
const OWN = new Set(['stream_filters', 'tracking_group', 'measurement_type'])

/**
 * The timeline's options (002 §2 "The stream view has filters for event, measurement type and
 * tracking group"; the rule: ~/lib/timeline/activity-stream): one GET form, so a bookmark reopens
 * the same view and it works without JavaScript. A selected node the options leave out gives way to
 * the first node left (selectNode).
 */
export function TimelineOptions(props: {
	shipSet: ShipSet
	search: string
	/** The groups chosen (ticked), whether or not the narrowed nodes have events of them. */
	chosen: readonly FilterGroup[]
	enabled: readonly FilterGroup[]
	trackingGroups: readonly string[]
	chosenGroup: string | null
	measurementTypes: readonly { code: string; name: string }[]
	chosenType: string | null
	label: string
}) {
	const {
		shipSet,
		search,
		chosen,
		enabled,
		trackingGroups,
		chosenGroup,
		measurementTypes,
		chosenType,
		label,
	} = props
	const keep = [...new URLSearchParams(search)].filter(([k]) => !OWN.has(k))
	const groupLabel = (id: string) => {
		const node = shipSet.nodes.find((n) => n.trackingGroupId === id)
		const shipment = shipSet.shipments.find((s) => s.id === node?.connectableId)
		return [node ? nodeLabel(node) : 'Tracking group', shipment?.trackingNumber]
			.filter(Boolean)
			.join(' · ')
	}
	return (
		<Form
			key={search}
			method="get"
			className="activity-filter timeline-options"
			aria-label={label}
			preventScrollReset
		>
			{keep.map(([k, v], i) => (
				<input key={`${k}-${i}`} type="hidden" name={k} value={v} />
			))}
			{/* Always sent, so unticking every box is a choice, not the defaults (parseFilters). */}
			<input type="hidden" name="stream_filters" value="" />
			<fieldset>
				<legend>Events</legend>
				{FILTER_GROUPS.map((g) => (
					<label key={g}>
						<input
							type="checkbox"
							name="stream_filters"
							value={g}
							defaultChecked={chosen.includes(g)}
							disabled={!enabled.includes(g)}
						/>{' '}
						{FILTER_LABELS[g]}
						{/* A disabled box is not sent: a ticked one that the nodes left without events stays chosen. */}
						{chosen.includes(g) && !enabled.includes(g) ? (
							<input type="hidden" name="stream_filters" value={g} />
						) : null}
					</label>
				))}
			</fieldset>
			{measurementTypes.length > 0 ? (
				<label>
					Measurement type{' '}
					<select name="measurement_type" defaultValue={chosenType ?? ''}>
						<option value="">All</option>
						{measurementTypes.map((t) => (
							<option key={t.code} value={t.code}>
								{t.name}
							</option>
						))}
					</select>
				</label>
			) : null}
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
	)
}
