import { Field } from './field'

/**
 * Two date inputs posted as `{name}_start` and `{name}_end` (ISO dates), each a Field with its
 * own label and errors; the browser's date picker with JavaScript or without.
 */
export function DateRange(props: {
	idPrefix: string
	name: string
	labels: { start: string; end: string }
	values: { start: string; end: string }
	errors?: { start?: string[] | null; end?: string[] | null }
}) {
	const { idPrefix, name, labels, values, errors } = props
	return (
		<>
			{(['start', 'end'] as const).map((edge) => (
				<Field
					key={edge}
					id={`${idPrefix}${name}_${edge}`}
					label={labels[edge]}
					errors={errors?.[edge]}
				>
					{(control) => (
						<input
							{...control}
							className="ui-input"
							type="date"
							name={`${name}_${edge}`}
							defaultValue={values[edge]}
						/>
					)}
				</Field>
			))}
		</>
	)
}
