import { z } from '@hono/zod-openapi'
import { TimelineParams, TimelineShipment } from '../timeline/timeline.contract'

/**
 * Shipments and related orders of one order (002 §7 rows "GET/POST/PUT/DELETE
 * {api}/ship_sets/{id}/shipments…", "GET {api}/carriers", "…/related_ship_sets…"),
 * the Add Shipment and Add Related Order rules of 002 §5 and the limits of §9.
 */

/** 002 §9: "Documents, shipments and related orders: page size 5". */
export const SIDE_PAGE_SIZE = 5

export const PageQuery = z.object({
	offset: z.coerce
		.number()
		.int()
		.min(0)
		.max(1_000_000)
		.default(0)
		.openapi({ description: 'Rows to skip', example: 0 }),
	limit: z.coerce
		.number()
		.int()
		.min(1)
		.max(100)
		.default(SIDE_PAGE_SIZE)
		.openapi({ description: 'Rows to answer (default 5)', example: 5 }),
})

/** 002 §3 "Shipment (list row)". */
export const ShipmentRow = TimelineShipment.pick({
	id: true,
	tracking_number: true,
	status: true,
	manually_created: true,
	final_mile: true,
	carrier: true,
}).openapi('ShipmentRow')

export const ShipmentsResponse = z
	.object({ shipments: z.array(ShipmentRow), total_count: z.number().int() })
	.openapi('Shipments')
export type ShipmentsResponse = z.infer<typeof ShipmentsResponse>

export const CarriersQuery = z.object({
	filter: z
		.string()
		.trim()
		.max(100)
		.optional()
		.openapi({ description: 'Only carriers whose name contains this text (case-insensitive)' }),
})
const CarrierOption = z.object({ id: z.string(), name: z.string() })
/** 002 §3: "Carriers are returned grouped into air, ground and ocean, each sorted by name." */
export const CarriersResponse = z
	.object({
		carriers: z.object({
			air: z.array(CarrierOption),
			ground: z.array(CarrierOption),
			ocean: z.array(CarrierOption),
		}),
	})
	.openapi('Carriers')
export type CarriersResponse = z.infer<typeof CarriersResponse>

/** 002 §5 "Add Shipment": the field rules, shared by the API body and the web form. */
export const SHIPMENT_MESSAGES = {
	trackingNumber: 'Tracking number is required',
	carrier: 'Carrier is required',
	trackingNumberLength: 'Tracking number is at most 100 characters',
	/** One order, one shipment per tracking number (a second would be the same parcel twice). */
	trackingNumberTaken: 'This order already has a shipment with this tracking number',
	referenceLength: 'A reference is at most 100 characters',
	references: 'At most 20 references',
} as const

/** 002 §5: "references list with type Delivery ID (default DeliveryID)". */
export const REFERENCE_TYPES = { DeliveryID: 'Delivery ID' } as const
export const MAX_REFERENCES = 20

export const TrackingNumberField = z
	.string({ error: SHIPMENT_MESSAGES.trackingNumber })
	.trim()
	.min(1, SHIPMENT_MESSAGES.trackingNumber)
	.max(100, SHIPMENT_MESSAGES.trackingNumberLength)
export const CarrierField = z
	.string({ error: SHIPMENT_MESSAGES.carrier })
	.uuid(SHIPMENT_MESSAGES.carrier)
export const ShipmentReference = z.object({
	reference_type: z
		.enum(Object.keys(REFERENCE_TYPES) as [keyof typeof REFERENCE_TYPES])
		.default('DeliveryID'),
	value: z.string().trim().max(100, SHIPMENT_MESSAGES.referenceLength),
})

export const AddShipmentBody = z
	.object({
		shipment: z.object({
			carrier_id: CarrierField,
			tracking_number: TrackingNumberField,
			final_mile: z.boolean().default(false),
			/** Rows with an empty value are dropped ("removing the last row clears it"). */
			references: z
				.array(ShipmentReference)
				.max(MAX_REFERENCES, SHIPMENT_MESSAGES.references)
				.default([]),
		}),
	})
	.openapi('AddShipment')
export type AddShipmentBody = z.input<typeof AddShipmentBody>

export const AddShipmentResponse = z.object({ shipment: ShipmentRow }).openapi('AddedShipment')

export const ShipmentActionParams = TimelineParams.extend({
	shipmentId: z
		.string()
		.uuid()
		.openapi({ param: { name: 'shipmentId', in: 'path' }, description: 'The shipment id' }),
	action: z
		.enum(['close', 'cancel'])
		.openapi({ param: { name: 'action', in: 'path' }, description: 'close or cancel' }),
})
export const ShipmentOnlyParams = ShipmentActionParams.omit({ action: true })

/** 002 §7: "response must be non-empty; success and errorMessage are read". */
export const ShipmentActionResponse = z
	.object({
		success: z.boolean(),
		error_message: z.string().nullable(),
		shipment: ShipmentRow.optional(),
	})
	.openapi('ShipmentActionResult')
export type ShipmentActionResponse = z.infer<typeof ShipmentActionResponse>
/** A refused action: the same shape plus the API's `error`. */
export const ShipmentActionRefused = ShipmentActionResponse.extend({ error: z.string() }).openapi(
	'ShipmentActionRefused',
)

export const RemovedShipmentResponse = z
	.object({ success: z.literal(true), tracking_number: z.string().nullable() })
	.openapi('RemovedShipment')

/** 002 §3 "Related ship set": the relation's id, the other order's id and name. */
export const RelatedShipSet = z
	.object({ id: z.string(), ship_set_id: z.string(), ship_set_name: z.string() })
	.openapi('RelatedShipSet')
export const RelatedShipSetsResponse = z
	.object({ related_ship_sets: z.array(RelatedShipSet), total_count: z.number().int() })
	.openapi('RelatedShipSets')
export type RelatedShipSetsResponse = z.infer<typeof RelatedShipSetsResponse>

export const RELATED_MESSAGES = {
	orderNumber: 'Order number is required',
	orderNumberLength: 'Order number is at most 100 characters',
	/** One message for an unknown order and another tenant's, so it tells nothing. */
	notFound: (name: string) => `Order ${name} was not found.`,
	self: 'An order cannot be related to itself.',
	already: (name: string) => `${name} is already related to this order.`,
} as const

export const OrderNumberField = z
	.string({ error: RELATED_MESSAGES.orderNumber })
	.trim()
	.min(1, RELATED_MESSAGES.orderNumber)
	.max(100, RELATED_MESSAGES.orderNumberLength)

/** 002 §7: body related_ship_set{ship_set_name}. */
export const AddRelatedBody = z
	.object({ related_ship_set: z.object({ ship_set_name: OrderNumberField }) })
	.openapi('AddRelatedShipSet')
export const AddRelatedResponse = z
	.object({ related_ship_set: RelatedShipSet })
	.openapi('AddedRelatedShipSet')

export const RelatedParams = TimelineParams.extend({
	relatedShipSetId: z
		.string()
		.uuid()
		.openapi({
			param: { name: 'relatedShipSetId', in: 'path' },
			description: 'The relation id (`id` of a related ship set)',
		}),
})
export const RemovedRelatedResponse = z
	.object({ success: z.literal(true), ship_set_name: z.string() })
	.openapi('RemovedRelatedShipSet')
