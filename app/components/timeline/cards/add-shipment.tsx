import { useId, useState } from 'react'
import { TIMELINE_INTENTS, useTimelineAction } from '~/lib/timeline/intents'
import { useFetcher } from 'react-router'
import type { Camelize } from '~/lib/camelize'
import { NO_JS_REFERENCE_ROWS } from '~/lib/timeline/shipment-forms'
import { withParams } from '~/lib/timeline/url'
import { MAX_REFERENCES, REFERENCE_TYPES, type CarriersResponse } from '#contracts/shipments'
import { useHydrated } from 'remix-utils/use-hydrated'
import { CardModal, CloseLink, FieldError, useFailure } from './card-modal'

export type Carriers = Camelize<CarriersResponse['carriers']>

const GROUPS = [
	['air', 'Air'],
	['ground', 'Ground'],
	['ocean', 'Ocean'],
] as const

/**
 * 'Add Shipment' (002 §2 "Side widgets", §5 "Add Shipment"): tracking number and carrier required
 * ('Tracking number is required', 'Carrier is required'), final mile, and reference rows of type
 * Delivery ID. With JavaScript rows are added and removed ("at least one row kept (removing the last
 * row clears it)"); without it the form has NO_JS_REFERENCE_ROWS rows.
 */
export function AddShipmentDialog({ carriers, search, fromUrl, onClose }: { carriers: Carriers | null; search: string; fromUrl: boolean; onClose: () => void }) {
	const fetcher = useFetcher()
	const action = useTimelineAction('shipments')
	const failure = useFailure(TIMELINE_INTENTS.shipments.add, fetcher.data)
	const hydrated = useHydrated()
	const id = useId()
	const values = (failure?.values ?? {}) as { tracking_number?: string; carrier_id?: string; final_mile?: string; references?: { reference_type?: string; value?: string }[] }
	const typed = values.references ?? []
	// Each row has a key of its own, so removing one keeps what the others hold.
	const [rows, setRows] = useState<number[]>(() => Array.from({ length: Math.max(1, typed.length) }, (_, i) => i))
	const [next, setNext] = useState(rows.length)
	const [cleared, setCleared] = useState(0)
	const shown = hydrated ? rows : Array.from({ length: Math.max(NO_JS_REFERENCE_ROWS, typed.length) }, (_, i) => i)
	const errors = failure?.errors ?? {}
	const closeHref = withParams(search, { add_shipment: null })
	const all = carriers ? [...carriers.air, ...carriers.ground, ...carriers.ocean] : []
	return (
		<CardModal title="Add Shipment" fromUrl={fromUrl} onClose={onClose}>
			<fetcher.Form method="post" action={action} className="card-form" noValidate>
				<input type="hidden" name="intent" value={TIMELINE_INTENTS.shipments.add} />
				<label htmlFor={`${id}-tracking`}>Tracking Number</label>
				<input
					id={`${id}-tracking`}
					name="tracking_number"
					defaultValue={values.tracking_number ?? ''}
					maxLength={100}
					aria-required="true"
					aria-invalid={errors.tracking_number ? true : undefined}
					aria-describedby={errors.tracking_number ? `${id}-tracking-error` : undefined}
				/>
				<FieldError id={`${id}-tracking-error`} messages={errors.tracking_number} />
				<label htmlFor={`${id}-carrier`}>Carrier</label>
				<select
					id={`${id}-carrier`}
					name="carrier_id"
					defaultValue={values.carrier_id ?? ''}
					aria-required="true"
					aria-invalid={errors.carrier_id ? true : undefined}
					aria-describedby={errors.carrier_id ? `${id}-carrier-error` : undefined}
				>
					<option value="">{all.length ? 'Select a carrier' : 'No carriers available'}</option>
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
				<FieldError id={`${id}-carrier-error`} messages={errors.carrier_id} />
				<label className="checkbox">
					<input type="checkbox" name="final_mile" defaultChecked={values.final_mile === 'on'} /> Final Mile
				</label>
				<fieldset className="reference-rows">
					<legend>References</legend>
					{shown.map((key, index) => (
						<div key={`${key}-${index === 0 ? cleared : 0}`} className="reference-row">
							<label htmlFor={`${id}-ref-type-${key}`}>Type</label>
							<select id={`${id}-ref-type-${key}`} name={`references[${index}].reference_type`} defaultValue={(cleared ? undefined : typed[index]?.reference_type) ?? 'DeliveryID'}>
								{Object.entries(REFERENCE_TYPES).map(([value, label]) => (
									<option key={value} value={value}>
										{label}
									</option>
								))}
							</select>
							<label htmlFor={`${id}-ref-value-${key}`}>Value</label>
							<input id={`${id}-ref-value-${key}`} name={`references[${index}].value`} defaultValue={(cleared ? undefined : typed[index]?.value) ?? ''} maxLength={100} />
							{hydrated ? (
								<button
									type="button"
									aria-label={`Remove reference row ${index + 1}`}
									onClick={() => {
										if (rows.length === 1) setCleared((c) => c + 1)
										else setRows((r) => r.filter((k) => k !== key))
									}}
								>
									Remove
								</button>
							) : null}
						</div>
					))}
					<FieldError id={`${id}-refs-error`} messages={errors.references} />
					{hydrated && rows.length < MAX_REFERENCES ? (
						<button
							type="button"
							onClick={() => {
								setRows((r) => [...r, next])
								setNext((n) => n + 1)
							}}
						>
							Add reference
						</button>
					) : null}
				</fieldset>
				<div className="dialog-actions">
					<button type="submit" disabled={fetcher.state !== 'idle'}>
						Submit
					</button>
					<CloseLink href={closeHref} fromUrl={fromUrl} onClose={onClose}>
						Cancel
					</CloseLink>
				</div>
			</fetcher.Form>
		</CardModal>
	)
}
