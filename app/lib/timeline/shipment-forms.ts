import { z } from 'zod'
import type { ShipmentAction } from '#contracts/shipments/rules'
import {
	CarrierField,
	MAX_REFERENCES,
	OrderNumberField,
	REFERENCE_TYPES,
	SHIPMENT_MESSAGES,
	TrackingNumberField,
} from '#contracts/shipments/shipments'
import { UUID_SOURCE } from '#shared/ids'

const CONFIRM = new RegExp(`^(close|cancel|remove|unrelate):(${UUID_SOURCE})$`, 'i')

/**
 * The timeline's shipment and related-order forms (002 §5 "Add Shipment", "Add Related Order"),
 * with the same field rules and messages the API applies (server/shipments/shipments.contract.ts).
 * Conform (`parseWithZod`) reads the FormData: `references[0].value` and so on.
 */

/** URL parameters that open a form or a confirmation without JavaScript (dropped after the post). */
export const FORM_PARAMS = ['add_shipment', 'add_related', 'confirm'] as const

export const AddShipmentFormSchema = z.object({
	tracking_number: TrackingNumberField,
	carrier_id: CarrierField,
	final_mile: z.boolean().optional(),
	references: z
		.array(
			z.object({
				reference_type: z
					.enum(Object.keys(REFERENCE_TYPES) as [keyof typeof REFERENCE_TYPES])
					.default('DeliveryID'),
				value: z.string().trim().max(100, SHIPMENT_MESSAGES.referenceLength).optional(),
			}),
		)
		.max(MAX_REFERENCES, SHIPMENT_MESSAGES.references)
		.optional(),
})

/** The title of the related-order toasts (002 §8 gives their texts only). */
export const RELATED_TOAST_TITLE = 'Related Orders'

export const AddRelatedFormSchema = z.object({ order_number: OrderNumberField })

/** Without JavaScript the Add Shipment form offers this many reference rows (with it, rows are added and removed). */
export const NO_JS_REFERENCE_ROWS = 3

type ConfirmAction = ShipmentAction | 'unrelate'

/**
 * What a confirmation in the URL (`?confirm=close:{shipmentId}`, `?confirm=unrelate:{relationId}`)
 * asks about, when the value is well-formed; the page shows it without JavaScript.
 */
export function parseConfirm(value: string | null): { action: ConfirmAction; id: string } | null {
	const match = value?.match(CONFIRM)
	if (!match) return null
	return { action: match[1]!.toLowerCase() as ConfirmAction, id: match[2]!.toLowerCase() }
}
