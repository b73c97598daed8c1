import { useTimelineForm } from '~/lib/timeline/use-timeline-form'
import { useEffect, useId } from 'react'
import { useFetcher, useParams } from 'react-router'
import type { loader as carriersLoader } from './carriers'
import { getFormProps } from '@conform-to/react'
import { TIMELINE_INTENTS } from '~/lib/timeline/intents'
import type { Camelize } from '~/lib/camelize'
import { AddShipmentFormSchema, NO_JS_REFERENCE_ROWS } from '~/lib/timeline/shipment-forms'
import { withParams } from '~/lib/timeline/url'
import {
	MAX_REFERENCES,
	REFERENCE_TYPES,
	type CarriersResponse,
} from '#contracts/shipments/shipments'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Dialog, DialogActions } from '~/components/ui/dialog'
import { Field, FieldErrors } from '~/components/ui/field'
import { Button } from '~/components/ui/button'

export type Carriers = Camelize<CarriersResponse['carriers']>

const GROUPS = [
	['air', 'Air'],
	['ground', 'Ground'],
	['ocean', 'Ocean'],
] as const

/**
 * 'Add Shipment' (002 §2 "Side widgets", §5 "Add Shipment"): tracking number and carrier required
 * ('Tracking number is required', 'Carrier is required'), final mile, and reference rows of type
 * Delivery ID. Rows are removed with Conform's intent buttons ("at least one row kept (removing the
 * last row clears it)") and added with 'Add reference', in place with JavaScript and by a round
 * trip without; opened without JavaScript (by the URL) the form starts with NO_JS_REFERENCE_ROWS rows.
 */
export function AddShipmentDialog({
	carriers: given,
	search,
	onClose,
}: {
	/** undefined: not read with the page (the form opened by a click), so read here. */
	carriers: Carriers | null | undefined
	search: string
	onClose: (() => void) | undefined
}) {
	const hydrated = useHydrated()
	const id = useId()
	const { shipSetId } = useParams()
	const read = useFetcher<typeof carriersLoader>()
	useEffect(() => {
		if (given === undefined && read.state === 'idle' && !read.data)
			void read.load(`/timeline/${shipSetId}/shipments/carriers`)
	})
	const carriers = given === undefined ? read.data?.carriers : given
	const loading = carriers === undefined
	const { fetcher, action, form, fields } = useTimelineForm(
		'shipments',
		TIMELINE_INTENTS.shipments.add,
		{
			id: `${id}-add-shipment`,
			schema: AddShipmentFormSchema,
			// Opened by a click (JavaScript): one row, added and removed in place; opened by the URL: NO_JS_REFERENCE_ROWS.
			defaultValue: {
				references: Array.from({ length: hydrated ? 1 : NO_JS_REFERENCE_ROWS }, () => ({
					reference_type: 'DeliveryID' as const,
					value: '',
				})),
			},
		},
	)
	const references = fields.references.getFieldList()
	const closeHref = withParams(search, { add_shipment: null })
	const all = carriers ? [...carriers.air, ...carriers.ground, ...carriers.ocean] : []
	return (
		<Dialog title="Add Shipment" closeTo={closeHref} onClose={onClose}>
			<fetcher.Form method="post" action={action} {...getFormProps(form)} className="card-form">
				{/* Return in a field submits the form, not the first row's Remove (the first submit button is the default). */}
				<button type="submit" hidden tabIndex={-1} aria-hidden="true" />
				<input type="hidden" name="intent" value={TIMELINE_INTENTS.shipments.add} />
				<Field
					id={fields.tracking_number.id}
					label="Tracking Number"
					errors={fields.tracking_number.errors}
				>
					{(control) => (
						<input
							{...control}
							name={fields.tracking_number.name}
							defaultValue={fields.tracking_number.initialValue ?? ''}
							maxLength={100}
							aria-required="true"
							data-autofocus
						/>
					)}
				</Field>
				<Field id={fields.carrier_id.id} label="Carrier" errors={fields.carrier_id.errors}>
					{(control) => (
						<select
							{...control}
							name={fields.carrier_id.name}
							defaultValue={fields.carrier_id.initialValue ?? ''}
							aria-required="true"
							disabled={loading}
						>
							<option value="">
								{loading
									? 'Loading carriers…'
									: all.length
										? 'Select a carrier'
										: 'No carriers available'}
							</option>
							{carriers
								? GROUPS.map(([key, label]) =>
										carriers[key].length ? (
											<optgroup key={key} label={label}>
												{carriers[key].map((c) => (
													<option key={c.id} value={c.id}>
														{c.name}
													</option>
												))}
											</optgroup>
										) : null,
									)
								: null}
						</select>
					)}
				</Field>
				<label className="checkbox">
					<input
						type="checkbox"
						name={fields.final_mile.name}
						defaultChecked={fields.final_mile.initialValue === 'on'}
					/>{' '}
					Final Mile
				</label>
				<fieldset className="reference-rows">
					<legend>References</legend>
					{references.map((reference, index) => {
						const row = reference.getFieldset()
						return (
							<div key={reference.key} className="reference-row">
								<label htmlFor={row.reference_type.id}>Type</label>
								<select
									id={row.reference_type.id}
									name={row.reference_type.name}
									defaultValue={row.reference_type.initialValue ?? 'DeliveryID'}
								>
									{Object.entries(REFERENCE_TYPES).map(([value, label]) => (
										<option key={value} value={value}>
											{label}
										</option>
									))}
								</select>
								<label htmlFor={row.value.id}>Value</label>
								<input
									id={row.value.id}
									name={row.value.name}
									defaultValue={row.value.initialValue ?? ''}
									maxLength={100}
								/>
								{/* Conform's intent buttons: in place with JavaScript, a round trip without; the last row is cleared, not removed. */}
								<Button
									size="small"
									type="submit"
									{...(references.length > 1
										? form.remove.getButtonProps({ name: fields.references.name, index })
										: form.update.getButtonProps({
												name: reference.name,
												value: { reference_type: 'DeliveryID', value: '' },
											}))}
									aria-label={`Remove reference row ${index + 1}`}
								>
									Remove
								</Button>
							</div>
						)
					})}
					<FieldErrors id={fields.references.errorId} messages={fields.references.errors} />
					{references.length < MAX_REFERENCES ? (
						<Button
							size="small"
							type="submit"
							{...form.insert.getButtonProps({
								name: fields.references.name,
								defaultValue: { reference_type: 'DeliveryID', value: '' },
							})}
						>
							Add reference
						</Button>
					) : null}
				</fieldset>
				<FieldErrors messages={form.errors} />
				<DialogActions submit="Submit" cancel="Cancel" busy={fetcher.state !== 'idle'} />
			</fetcher.Form>
		</Dialog>
	)
}
