import type { ComponentProps } from 'react'
import type { ControlProps } from './field'

export interface Option {
	value: string
	label: string
}

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
 * A choice of several `options` posted as repeated `name` values. Today a native multiple
 * select (keyboard and no-JavaScript ready, its height fitted to up to five rows).
 */
export function MultiSelect({
	options,
	...props
}: Omit<ComponentProps<'select'>, 'multiple' | 'size'> &
	Partial<ControlProps> & { options: Option[] }) {
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
