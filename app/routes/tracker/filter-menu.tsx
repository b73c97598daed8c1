import { Button } from '~/components/ui/button'
import { Form, useSubmit } from 'react-router'
import { EVENT_FILTER_LABELS, EVENT_FILTERS, type EventFilter } from '~/lib/tracker/events'
import { trackerTexts } from '~/lib/tracker/texts'

/**
 * The Transit node's Filter menu (000 §2 "a Filter menu (only for Transit nodes) with
 * Transit, Non-transit, Stale, Exception"; §4 "Options are disabled when no such events
 * exist"). A GET form of checkboxes with an Apply button, so it works without JavaScript;
 * with it, ticking a box applies at once. `filtered=1` marks a chosen set (a GET form
 * sends ticked boxes only).
 */
export function FilterMenu({
	selected,
	available,
	carried,
}: {
	selected: ReadonlySet<EventFilter>
	available: ReadonlySet<EventFilter>
	carried: [string, string][]
}) {
	const submit = useSubmit()
	return (
		<details className="tracker-menu filter-menu">
			<summary>{trackerTexts.filter}</summary>
			<Form
				method="get"
				replace
				preventScrollReset
				className="filter-menu__form"
				onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
			>
				{carried.map(([name, value], i) => (
					<input key={`${name}-${i}`} type="hidden" name={name} value={value} />
				))}
				<input type="hidden" name="filtered" value="1" />
				<fieldset>
					<legend className="visually-hidden">{trackerTexts.filter}</legend>
					{EVENT_FILTERS.map((f) => (
						<label key={f} className={available.has(f) ? 'check' : 'check check--disabled'}>
							<input
								type="checkbox"
								name="filter"
								value={f}
								defaultChecked={selected.has(f)}
								disabled={!available.has(f)}
							/>
							{EVENT_FILTER_LABELS[f]}
						</label>
					))}
				</fieldset>
				<Button type="submit" size="small">
					{trackerTexts.apply}
				</Button>
			</Form>
		</details>
	)
}
