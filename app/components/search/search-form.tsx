import { useState, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Form, Link } from 'react-router'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { AdvancedSearchFormSchema, HINTS, isEmptySearch } from '~/lib/search/form'
import type { LocationCountry } from '#contracts/reference'
import { LocationTree } from './location-tree'

export interface SearchLists {
	carriers: { id: string; name: string }[]
	conveyanceTypes: { id: string; name: string }[]
	tags: { id: string; name: string }[]
	orderLocations: LocationCountry[]
	originLocations: LocationCountry[]
	customAttributeTypes: { id: string; name: string }[]
}

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
	return (
		<div className="search-field">
			<label htmlFor={id}>{label}</label>
			{children}
			{hint ? (
				<small id={`${id}-hint`} className="search-field__hint">
					{hint}
				</small>
			) : null}
			{error ? (
				<small id={`${id}-error`} className="search-field__error" role="alert">
					{error}
				</small>
			) : null}
		</div>
	)
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
	/** The control's ARIA links to its hint and error (Field renders them with these ids). */
	const described = (name: Name, hint?: string) => {
		const ids = [hint ? `search-${name}-hint` : null, error(name) ? `search-${name}-error` : null].filter(Boolean)
		return { 'aria-describedby': ids.length ? ids.join(' ') : undefined, 'aria-invalid': error(name) ? true : undefined }
	}
	const input = (name: Name, extra: { hint?: string } = {}) => ({
		id: `search-${name}`,
		name,
		defaultValue: text(name),
		...described(name, extra.hint),
	})
	const multi = (name: Name, options: { id: string; name: string }[]) => (
		<select
			id={`search-${name}`}
			name={name}
			multiple
			size={Math.min(5, Math.max(2, options.length))}
			defaultValue={list(name)}
			{...described(name)}
		>
			{options.map((o) => (
				<option key={o.id} value={o.id}>
					{o.name}
				</option>
			))}
		</select>
	)

	return (
		<Form method="get" action="/advanced_search" {...getFormProps(form)} className="search-form" onChange={() => setChanged(true)} onInput={() => setChanged(true)}>
			{Object.entries(keep).map(([k, v]) => (
				<input key={k} type="hidden" name={k} value={v} />
			))}
			<div className="search-form__grid">
				<Field id="search-order_number" error={error('order_number')} label="Order No." hint={HINTS.order_number}>
					<input {...input('order_number', { hint: HINTS.order_number })} />
				</Field>
				<Field id="search-reference_number" error={error('reference_number')} label="Reference No." hint={HINTS.exact}>
					<input {...input('reference_number', { hint: HINTS.exact })} />
				</Field>
				<Field id="search-pallet_number" error={error('pallet_number')} label="Pallet No." hint={HINTS.exact}>
					<input {...input('pallet_number', { hint: HINTS.exact })} />
				</Field>
				<Field id="search-carton_number" error={error('carton_number')} label="Carton No." hint={HINTS.exact}>
					<input {...input('carton_number', { hint: HINTS.exact })} />
				</Field>
				<Field id="search-tracking_number" error={error('tracking_number')} label="Tracking No." hint={HINTS.exact}>
					<input {...input('tracking_number', { hint: HINTS.exact })} />
				</Field>
				<Field
					id="search-customer_name"
					error={error('customer_name')}
					label={variant === 'new' ? 'Final Shipping Location Name' : 'Customer Name'}
					hint={HINTS.customer_name}
				>
					<input {...input('customer_name', { hint: HINTS.customer_name })} />
				</Field>
				<Field id="search-carrier" error={error('carrier')} label="Carrier">
					{multi('carrier', lists.carriers)}
				</Field>
				<Field id="search-conveyance_type" error={error('conveyance_type')} label="Conveyance Type">
					{multi('conveyance_type', lists.conveyanceTypes)}
				</Field>
				<Field id="search-tag" error={error('tag')} label="Tag">
					{multi('tag', lists.tags)}
				</Field>
				<Field id="search-final_mile" error={error('final_mile')} label="Final Mile">
					<select id="search-final_mile" name="final_mile" defaultValue={text('final_mile') || 'any'} {...described('final_mile')}>
						<option value="any">Any</option>
						<option value="yes">Final Mile</option>
						<option value="no">Non-Final Mile</option>
					</select>
				</Field>
				<Field id="search-shipment_date_start" label="Shipment Date Start" error={error('shipment_date_start')}>
					<input {...input('shipment_date_start')} type="date" />
				</Field>
				<Field id="search-shipment_date_end" label="Shipment Date End" error={error('shipment_date_end')}>
					<input {...input('shipment_date_end')} type="date" />
				</Field>
				{variant === 'new' ? (
					<>
						<Field id="search-custom_attribute_type" label="Custom Order Detail Name" error={error('custom_attribute_type')}>
							<select
								id="search-custom_attribute_type"
								name="custom_attribute_type"
								defaultValue={text('custom_attribute_type')}
								{...described('custom_attribute_type')}
							>
								<option value="">Select…</option>
								{lists.customAttributeTypes.map((t) => (
									<option key={t.id} value={t.id}>
										{t.name}
									</option>
								))}
							</select>
						</Field>
						<Field id="search-custom_attribute" label="Custom Order Detail Value" error={error('custom_attribute')}>
							<input {...input('custom_attribute')} />
						</Field>
					</>
				) : null}
			</div>
			<div className="search-form__trees">
				<LocationTree name="order_location" legend="Order Destination" tree={lists.orderLocations} selected={list('order_location')} />
				<LocationTree
					name="shipment_origin_location"
					legend="Shipment Origin"
					tree={lists.originLocations}
					selected={list('shipment_origin_location')}
				/>
			</div>
			<div className="search-form__actions">
				<button type="submit" className="button button--primary" disabled={pristine}>
					Search
				</button>
				{pristine ? (
					<button type="button" className="button" disabled>
						Clear Filter
					</button>
				) : (
					<Link to="/advanced_search" className="button" reloadDocument={!hydrated}>
						Clear Filter
					</Link>
				)}
			</div>
		</Form>
	)
}
