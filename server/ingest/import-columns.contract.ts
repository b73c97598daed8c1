import type { ImportKind } from './imports.contract'

/**
 * The columns of the CSV import (docs/csv-import.md explains each), shared by the
 * importer (server/ingest/csv.ts) and the Import screen's downloadable templates. A file of
 * orders and shipments has one row per shipment (the order's columns repeated; a row without
 * shipment_id is an order alone); a file of events one row per event.
 */

export const ORDER_COLUMNS = [
	'order_number',
	'reference_number',
	'order_type',
	'status',
	'promise_date',
	'estimated_delivery_date',
	'estimated_delivery_timezone',
	'delivery_value',
	'tags',
	'final_location_name',
	'final_location_street1',
	'final_location_city',
	'final_location_state',
	'final_location_postal_code',
	'final_location_country',
	'final_location_timezone',
	'shipment_id',
	'carrier',
	'tracking_number',
	'final_mile',
	'shipped_at',
	'shipped_at_timezone',
	'shipment_estimated_delivery_date',
	'shipment_estimated_delivery_timezone',
	'shipper_name',
	'shipper_city',
	'shipper_state',
	'shipper_country',
	'consignee_name',
	'consignee_city',
	'consignee_state',
	'consignee_country',
	'service_level',
	'weight',
	'weight_unit',
	'pallet_number',
	'carton_number',
	'travels_with',
] as const
/** Columns named `attribute:NAME` carry the order's custom attribute NAME. */
export const ATTRIBUTE_PREFIX = 'attribute:'

export const EVENT_COLUMNS = [
	'event_id',
	'order_number',
	'shipment_id',
	'title',
	'type',
	'event_at',
	'timezone',
	'building_type',
	'location_name',
	'location_city',
	'location_state',
	'location_country',
	'location_text',
	'summary',
	'stale',
	'issue_type',
	'damage_category',
	'damage_notes',
] as const

/** The downloadable templates: the header and one example row. */
export const TEMPLATES: Record<ImportKind, string> = {
	orders: [
		[...ORDER_COLUMNS, `${ATTRIBUTE_PREFIX}Project`].join(','),
		'SO-9001,PO-9001,Standard,,2026-12-10T17:00:00Z,,,1200.50,priority;cold-chain,Riverside Clinic,12 Main St,Dallas,TX,75201,US,America/Chicago,SHP-9001-1,UPS,1Z999AA10000000001,true,2026-12-01T09:00:00-06:00,America/Chicago,2026-12-04T17:00:00-06:00,America/Chicago,Acme Plant,Austin,TX,US,Riverside Clinic,Dallas,TX,US,Ground,12.5,kg,PLT-9001,,,Apollo',
	].join('\n'),
	events: [
		EVENT_COLUMNS.join(','),
		'EV-9001-1,SO-9001,SHP-9001-1,Picked up,transit,2026-12-01T09:00:00-06:00,America/Chicago,Transit,Acme Plant,Austin,TX,US,,,,,,',
	].join('\n'),
}
