import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import dayjs from 'dayjs'
import {
	addDays,
	addMonths,
	clampDate,
	longDate,
	monthGrid,
	monthTitle,
	parseIsoDate,
	weekdayNames,
	weekEdges,
	type WeekStart,
} from '~/lib/calendar'
import { Button } from './button'
import { Dialog } from './dialog'
import { Icon } from './icon'

/**
 * The button beside a date field that opens a calendar (WAI-ARIA Authoring Practices, "Date
 * Picker Dialog"), rendered once JavaScript runs; the field itself stays a native date input, typed
 * into as before and the whole control without JavaScript.
 *
 * In the dialog the days are a grid with one day in the tab order: arrows move by a day or a
 * week, Home and End to the week's edges, Page Up and Page Down by a month, Enter or Space
 * chooses; Escape closes without choosing. Days after `max` are shown but cannot be chosen.
 */
export function CalendarButton(props: {
	/** The id of the date input the calendar fills. */
	inputId: string
	/** The field's label ('Shipment Date Start'): the button's description, the dialog's subtitle. */
	label: string
	weekStartsOn?: WeekStart
	/** The last day that may be chosen (ISO); 'today' for no dates after today. */
	max?: string
	/** How the input's text reads as an ISO day, and how a chosen day is written into it (default: ISO both ways, a date input). */
	parseValue?: (text: string) => string | null
	formatValue?: (iso: string) => string
}) {
	const { inputId, label, weekStartsOn = 0 } = props
	const [open, setOpen] = useState<string | null>(null)
	const max = props.max === 'today' ? dayjs().format('YYYY-MM-DD') : props.max
	const input = () => document.getElementById(inputId) as HTMLInputElement | null

	const choose = (iso: string) => {
		const field = input()
		if (field) {
			// The native setter, so React and Conform see the change as if it were typed.
			Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
				field,
				props.formatValue ? props.formatValue(iso) : iso,
			)
			field.dispatchEvent(new Event('input', { bubbles: true }))
			field.dispatchEvent(new Event('change', { bubbles: true }))
		}
		setOpen(null)
	}

	return (
		<>
			{/* Named 'Choose date' and described by the field's label, so the label names only its input. */}
			<span id={`${inputId}-calendar`} hidden>
				{label}
			</span>
			<Button
				className="ui-calendar-open"
				aria-label="Choose date"
				aria-describedby={`${inputId}-calendar`}
				onClick={() =>
					setOpen(
						clampDate(
							(props.parseValue ?? parseIsoDate)(input()?.value ?? '') ??
								dayjs().format('YYYY-MM-DD'),
							null,
							max,
						),
					)
				}
			>
				<Icon name="calendar" />
			</Button>
			{open ? (
				<Dialog
					title="Choose a date"
					size="small"
					onClose={() => setOpen(null)}
					className="ui-calendar"
				>
					<p className="ui-calendar__for">{label}</p>
					<Month start={open} weekStartsOn={weekStartsOn} max={max} onChoose={choose} />
				</Dialog>
			) : null}
		</>
	)
}

function Month({
	start,
	weekStartsOn,
	max,
	onChoose,
}: {
	start: string
	weekStartsOn: WeekStart
	max?: string
	onChoose: (iso: string) => void
}) {
	const [focused, setFocused] = useState(start)
	const grid = useRef<HTMLTableElement>(null)
	const allowed = (iso: string) => !max || iso <= max

	// The day to focus once the render that shows its month is committed: in the same task as the
	// key press, before the next key is handled (the previous day's button may be gone by then, and
	// with it the focus that brings keys to this grid).
	const focusAfterRender = useRef<string | null>(null)
	useLayoutEffect(() => {
		const iso = focusAfterRender.current
		if (!iso) return
		focusAfterRender.current = null
		grid.current?.querySelector<HTMLButtonElement>(`[data-date="${iso}"]`)?.focus()
	}, [focused])
	const move = (iso: string) => {
		focusAfterRender.current = iso
		setFocused(iso)
	}
	const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
		const { start: weekStart, end: weekEnd } = weekEdges(focused, weekStartsOn)
		const next: Record<string, string> = {
			ArrowLeft: addDays(focused, -1),
			ArrowRight: addDays(focused, 1),
			ArrowUp: addDays(focused, -7),
			ArrowDown: addDays(focused, 7),
			Home: weekStart,
			End: weekEnd,
			PageUp: addMonths(focused, -1),
			PageDown: addMonths(focused, 1),
		}
		const to = next[event.key]
		if (!to) return
		event.preventDefault()
		move(to)
	}

	return (
		<div className="ui-calendar__month">
			<div className="ui-calendar__head">
				<Button
					variant="quiet"
					aria-label="Previous month"
					onClick={() => move(addMonths(focused, -1))}
				>
					<Icon name="chevron-left" />
				</Button>
				<h3 aria-live="polite">{monthTitle(focused)}</h3>
				<Button variant="quiet" aria-label="Next month" onClick={() => move(addMonths(focused, 1))}>
					<Icon name="chevron-right" />
				</Button>
			</div>
			<table ref={grid} role="grid" aria-label={monthTitle(focused)} onKeyDown={onKeyDown}>
				<thead>
					<tr>
						{weekdayNames(weekStartsOn).map((d) => (
							<th key={d.long} scope="col" abbr={d.long}>
								{d.short}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{monthGrid(focused, weekStartsOn).map((week, i) => (
						<tr key={i}>
							{week.map((iso, j) =>
								iso ? (
									<td key={iso} aria-selected={iso === focused}>
										<button
											type="button"
											data-date={iso}
											tabIndex={iso === focused ? 0 : -1}
											data-autofocus={iso === start ? true : undefined}
											aria-label={longDate(iso)}
											aria-disabled={allowed(iso) ? undefined : true}
											className={
												iso === focused
													? 'ui-calendar__day ui-calendar__day--focused'
													: 'ui-calendar__day'
											}
											onFocus={() => setFocused(iso)}
											onClick={() => (allowed(iso) ? onChoose(iso) : undefined)}
										>
											{Number(iso.slice(8))}
										</button>
									</td>
								) : (
									<td key={`blank-${j}`} />
								),
							)}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
