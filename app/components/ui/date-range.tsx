import { useHydrated } from 'remix-utils/use-hydrated'
import type { WeekStart } from '~/lib/calendar'
import { CalendarButton } from './calendar'
import { Field } from './field'

/**
 * Two date inputs posted as `{name}_start` and `{name}_end` (ISO dates), each a Field with its
 * own label and errors. Without JavaScript the browser's own date input; with it, the same input
 * (typed into as before) and beside it the kit's calendar, whose weeks start on `weekStartsOn`
 * and which offers no day after `max` ('today' where the spec says "no dates after today").
 */
export function DateRange(props: {
	idPrefix: string
	name: string
	labels: { start: string; end: string }
	values: { start: string; end: string }
	errors?: { start?: string[] | null; end?: string[] | null }
	weekStartsOn?: WeekStart
	max?: string
}) {
	const { idPrefix, name, labels, values, errors, weekStartsOn, max } = props
	const hydrated = useHydrated()
	return (
		<>
			{(['start', 'end'] as const).map((edge) => {
				const id = `${idPrefix}${name}_${edge}`
				return (
					<Field key={edge} id={id} label={labels[edge]} errors={errors?.[edge]}>
						{(control) => (
							<div className={hydrated ? 'ui-date ui-date--calendar' : 'ui-date'}>
								<input
									{...control}
									className="ui-input"
									type="date"
									name={`${name}_${edge}`}
									defaultValue={values[edge]}
									max={max === 'today' ? undefined : max}
								/>
								{hydrated ? (
									<CalendarButton
										inputId={id}
										label={labels[edge]}
										weekStartsOn={weekStartsOn}
										max={max}
									/>
								) : null}
							</div>
						)}
					</Field>
				)
			})}
		</>
	)
}
