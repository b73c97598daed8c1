import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Form } from 'react-router'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { AdvancedSearchFormSchema, HINTS, isEmptySearch } from './form'
import type { LocationCountry } from '#contracts/reference/reference'
import { Button, ButtonLink } from '~/components/ui/button'
import { DateRange } from '~/components/ui/date-range'
import { Field } from '~/components/ui/field'
import { MultiSelect, Select } from '~/components/ui/select'
import { LocationTree } from './location-tree'

const FINAL_MILE_OPTIONS = [
	{ value: 'any', label: 'Any' },
	{ value: 'yes', label: 'Final Mile' },
	{ value: 'no', label: 'Non-Final Mile' },
]

export interface SearchLists {
	carriers: { id: string; name: string }[]
	conveyanceTypes: { id: string; name: string }[]
	tags: { id: string; name: string }[]
	orderLocations: LocationCountry[]
	originLocations: LocationCountry[]
	customAttributeTypes: { id: string; name: string }[]
}

/**
 * The filter form (000 §2 "Advanced Search"): a GET form, so a search is a URL. The newer
 * variant (custom order detail toggle) adds the custom attribute type and value, required
 * together. With JavaScript, Search and Clear Filter stay disabled while the form is
 * pristine; without it they are always enabled and the loader ignores an empty form.
 */
export function SearchForm({
	values,
	lastResult,
	lists,
	variant,
	keep,
}: {
	values: Record<string, string | string[]>
	lastResult: SubmissionResult<string[]> | null
	lists: SearchLists
	variant: 'new' | 'old'
	/** Page size and sort carried into the next search. */
	keep: Record<string, string>
}) {
	const hydrated = useHydrated()
	const [changed, setChanged] = useState(false)
	const [form, fields] = useForm({
		id: 'advanced-search',
		lastResult,
		constraint: getZodConstraint(AdvancedSearchFormSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AdvancedSearchFormSchema }),
	})
	const pristine = hydrated && !changed && isEmptySearch(values)
	const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '')
	const list = (name: string) => (Array.isArray(values[name]) ? (values[name] as string[]) : [])
	type Name = keyof typeof fields
	/** A field's first error, its items' included (zod's, from the server's reply without JavaScript or Conform's with it), shown below the field. */
	const error = (name: Name) => Object.values(fields[name].allErrors).flat()[0]
	/** A field's errors as a list for the kit's Field (its first one shown). */
	const errors = (name: Name) => {
		const first = error(name)
		return first ? [first] : null
	}
	const options = (list: { id: string; name: string }[]) =>
		list.map((o) => ({ value: o.id, label: o.name }))
	/** A text field of the form: label, hint and error tied to the input by the kit's Field. */
	const textField = (name: Name, label: string, hint?: string) => (
		<Field id={`search-${name}`} label={label} hint={hint} errors={errors(name)}>
			{(control) => <input {...control} name={name} defaultValue={text(name)} />}
		</Field>
	)
	const multiField = (name: Name, label: string, choices: { id: string; name: string }[]) => (
		<Field id={`search-${name}`} label={label} errors={errors(name)}>
			{(control) => (
				<MultiSelect
					{...control}
					name={name}
					label={label}
					options={options(choices)}
					defaultValue={list(name)}
				/>
			)}
		</Field>
	)

	return (
		<Form
			method="get"
			action="/advanced_search"
			{...getFormProps(form)}
			className="search-form"
			onChange={() => setChanged(true)}
			onInput={() => setChanged(true)}
		>
			{Object.entries(keep).map(([k, v]) => (
				<input key={k} type="hidden" name={k} value={v} />
			))}
			<div className="search-form__grid">
				{textField('order_number', 'Order No.', HINTS.order_number)}
				{textField('reference_number', 'Reference No.', HINTS.exact)}
				{textField('pallet_number', 'Pallet No.', HINTS.exact)}
				{textField('carton_number', 'Carton No.', HINTS.exact)}
				{textField('tracking_number', 'Tracking No.', HINTS.exact)}
				{textField(
					'customer_name',
					variant === 'new' ? 'Final Shipping Location Name' : 'Customer Name',
					HINTS.customer_name,
				)}
				{multiField('carrier', 'Carrier', lists.carriers)}
				{multiField('conveyance_type', 'Conveyance Type', lists.conveyanceTypes)}
				{multiField('tag', 'Tag', lists.tags)}
				<Field id="search-final_mile" label="Final Mile" errors={errors('final_mile')}>
					{(control) => (
						<Select
							{...control}
							name="final_mile"
							defaultValue={text('final_mile') || 'any'}
							options={FINAL_MILE_OPTIONS}
						/>
					)}
				</Field>
				<DateRange
					idPrefix="search-"
					name="shipment_date"
					labels={{ start: 'Shipment Date Start', end: 'Shipment Date End' }}
					values={{ start: text('shipment_date_start'), end: text('shipment_date_end') }}
					errors={{ start: errors('shipment_date_start'), end: errors('shipment_date_end') }}
				/>
				{variant === 'new' ? (
					<>
						<Field
							id="search-custom_attribute_type"
							label="Custom Order Detail Name"
							errors={errors('custom_attribute_type')}
						>
							{(control) => (
								<Select
									{...control}
									name="custom_attribute_type"
									defaultValue={text('custom_attribute_type')}
									placeholder="Select…"
									options={options(lists.customAttributeTypes)}
								/>
							)}
						</Field>
						{textField('custom_attribute', 'Custom Order Detail Value')}
					</>
				) : null}
			</div>
			<div className="search-form__trees">
				<LocationTree
					name="order_location"
					legend="Order Destination"
					tree={lists.orderLocations}
					selected={list('order_location')}
				/>
				<LocationTree
					name="shipment_origin_location"
					legend="Shipment Origin"
					tree={lists.originLocations}
					selected={list('shipment_origin_location')}
				/>
			</div>
			<div className="search-form__actions">
				<Button type="submit" variant="primary" disabled={pristine}>
					Search
				</Button>
				{pristine ? (
					<Button disabled>Clear Filter</Button>
				) : (
					<ButtonLink to="/advanced_search" reloadDocument={!hydrated}>
						Clear Filter
					</ButtonLink>
				)}
			</div>
		</Form>
	)
}
