import type { ComponentProps } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Combobox } from './combobox'
import type { ControlProps } from './field'
import type { Option } from './options'

/** A native select of `options`, with an optional first "placeholder" option of value "". */
export function Select({
	options,
	placeholder,
	...props
}: Omit<ComponentProps<'select'>, 'multiple'> &
	Partial<ControlProps> & { options: Option[]; placeholder?: string }) {
	return (
		<select className="ui-select" {...props}>
			{placeholder !== undefined ? <option value="">{placeholder}</option> : null}
			{options.map((o) => (
				<option key={o.value} value={o.value}>
					{o.label}
				</option>
			))}
		</select>
	)
}

/**
 * A choice of several `options` posted as repeated `name` values: a native multiple select (its
 * height fitted to up to five rows) in the page, which is the whole control without JavaScript;
 * once JavaScript runs, the searchable Combobox with removable chips grown from it.
 */
export function MultiSelect({
	options,
	label,
	...props
}: Omit<ComponentProps<'select'>, 'multiple' | 'size' | 'defaultValue'> &
	Partial<ControlProps> & { options: Option[]; label?: string; defaultValue?: readonly string[] }) {
	const hydrated = useHydrated()
	if (hydrated) {
		return (
			<Combobox
				id={props.id}
				name={props.name}
				label={label}
				options={options}
				defaultValue={props.defaultValue}
				disabled={props.disabled}
				aria-describedby={props['aria-describedby']}
				aria-invalid={props['aria-invalid']}
			/>
		)
	}
	return (
		<select
			className="ui-select ui-select--multiple"
			multiple
			size={Math.min(5, Math.max(2, options.length))}
			{...props}
		>
			{options.map((o) => (
				<option key={o.value} value={o.value}>
					{o.label}
				</option>
			))}
		</select>
	)
}
