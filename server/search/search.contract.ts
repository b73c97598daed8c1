import { z } from '@hono/zod-openapi'
import { IdName } from '../shared/common'
import {
	CarrierNamesResponse,
	ConveyanceTypesResponse,
	LocationsResponse,
	TagsResponse,
} from '../reference/reference.contract'

/**
 * The signed-in search (000 §7 "GET /search/quick_search", "GET /search/advanced_search_beta",
 * "GET /custom_attribute_type/list"). One result row per order × shipment; an order without
 * shipments appears once (its shipment fields null) unless a shipment filter is given.
 *
 * Naming of the sort parameters: the spec lists `order, order_by` and, for the legacy fetch,
 * `order, orderBy`; the web routes call the direction `orderBy` ("orderBy default asc").
 * So here `order` is the COLUMN and `order_by` the DIRECTION — the reverse of the public
 * tracker's `order_by` (column) / `order` (direction), which follows its own spec line.
 */

/** The columns a result can be sorted by (a whitelist: anything else answers 400 naming `order`). */
export const SORT_COLUMNS = [
	'order_number',
	'reference_number',
	'carrier_name',
	'tracking_number',
	'shipped_at',
	'shipment_status',
	'status_name',
	'status_at',
	'location',
	'final_mile',
	'conveyance_type',
] as const
export type SortColumn = (typeof SORT_COLUMNS)[number]

/** What a quick search matched on, in the order it is tried. */
export const QUICK_FIELDS = ['order_number', 'reference_number', 'tracking_number'] as const
export type QuickField = (typeof QUICK_FIELDS)[number]

const text = (description: string) => z.string().trim().max(200).optional().openapi({ description })

/** A list parameter: sent as `name[]=a&name[]=b` (Rails style) or `name=a&name=b`. */
const list = z.union([z.string().max(200), z.array(z.string().max(200)).max(500)]).optional()

/**
 * "YYYY-MM-DD or null" (000 §7): 'null' and '' mean no bound; anything else must be a real day.
 * A day is the shipment's own (its shipped_at_tz, UTC when none), the date the result row shows.
 */
const day = z
	.string()
	.optional()
	.refine(
		(v) => {
			if (v === undefined || v === '' || v === 'null') return true
			if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false
			const d = new Date(`${v}T00:00:00Z`)
			return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
		},
		{ message: 'must be a date YYYY-MM-DD' },
	)
	.openapi({
		description: "YYYY-MM-DD, a day in the shipment's own time zone (shipped_at_tz), or null",
		example: '2026-01-31',
	})

export const PagingQuery = z.object({
	page_no: z.coerce.number().int().min(1).max(1_000_000).default(1),
	per_page: z
		.enum(['10', '25', '50', '100'])
		.default('10')
		.openapi({ description: 'Page size: 10, 25, 50 or 100' }),
	order: z.enum(SORT_COLUMNS).default('order_number').openapi({
		description: 'The column to sort by (default order_number); ties are broken by row id',
	}),
	order_by: z
		.enum(['asc', 'desc'])
		.default('asc')
		.openapi({ description: 'The direction (default asc)' }),
	include_download: z.enum(['0', '1']).optional().openapi({
		description:
			'1: answer every match as a streamed text/csv file (search_report.csv) instead of a page',
	}),
})

const LIST_FIELDS = [
	'reference_number',
	'carrier',
	'conveyance_type',
	'tag',
	'order_city',
	'order_state',
	'order_country',
	'shipment_origin_city',
	'shipment_origin_state',
	'shipment_origin_country',
] as const
export type ListField = (typeof LIST_FIELDS)[number]

const listShape = Object.fromEntries(
	LIST_FIELDS.flatMap((k) => [
		[k, list],
		[`${k}[]`, list],
	]),
) as Record<ListField | `${ListField}[]`, typeof list>

export const AdvancedSearchQuery = PagingQuery.extend({
	order_number: text('Order numbers starting with this value'),
	pallet_number: text('Pallet number, exactly'),
	carton_number: text('Carton number, exactly'),
	tracking_number: text('Tracking number, exactly'),
	customer_name: text('Final shipping location names containing this value'),
	final_mile: z.enum(['any', 'yes', 'no']).optional(),
	shipment_date_start: day,
	shipment_date_end: day,
	custom_attribute_type: z
		.string()
		.uuid()
		.optional()
		.openapi({ description: 'A custom attribute type id' }),
	custom_attribute: text('The custom attribute value (exact; an element of a string_array value)'),
	...listShape,
}).openapi({
	description:
		'List filters (reference_number, carrier, conveyance_type, tag and the location trees) take several values. Location values are the ids of GET /locations (country:US, state:US/TX, city:US/TX/Austin).',
})

export const QuickSearchQuery = PagingQuery.extend({
	order_number: text('The number typed in the header search'),
	qs_query_string: text('The number typed in the header search (same as order_number)'),
})

export const SearchRow = z
	.object({
		id: z.string(),
		ship_set_id: z.string(),
		shipment_id: z.string().nullable(),
		ship_set_name: z.string(),
		reference_number: z.string().nullable(),
		carrier_name: z.string().nullable(),
		tracking_number: z.string().nullable(),
		shipped_at: z.string().nullable(),
		shipped_at_tz: z.string().nullable(),
		shipment_status: z.string().nullable(),
		status_name: z.string().nullable(),
		status_at: z.string().nullable(),
		timezone: z.string().nullable(),
		location: z.string().nullable(),
		final_mile: z.enum(['t', 'f']).nullable(),
		conveyance_type: z.string().nullable(),
	})
	.openapi('SearchRow')
export type SearchRow = z.infer<typeof SearchRow>

export const AdvancedSearchResponse = z
	.object({ data: z.array(SearchRow), count: z.number().int() })
	.openapi('AdvancedSearch')

export const QuickSearchResponse = z
	.object({
		ship_sets: z.array(SearchRow),
		count: z.number().int(),
		ship_set_count: z
			.number()
			.int()
			.openapi({ description: 'Distinct orders matched (1: the web app opens its timeline)' }),
		matched_on: z
			.enum(QUICK_FIELDS)
			.nullable()
			.openapi({ description: 'Which number matched: tried in this order' }),
	})
	.openapi('QuickSearch')

export const CustomAttributeTypeListQuery = z.object({
	object_type: z.enum(['ship_set', 'shipment']).optional().openapi({
		description:
			"The older form sends ship_set; the newer sends none (000 §7) and gets the order's and the shipments' types",
	}),
	data_type: z.enum(['string', 'string_array', 'integer', 'datetime', 'date']).optional(),
	data_types: z.union([z.string(), z.array(z.string())]).optional(),
	'data_types[]': z.union([z.string(), z.array(z.string())]).optional(),
})
export const CustomAttributeTypeListResponse = z
	.object({ custom_attribute_types: z.array(IdName) })
	.openapi('CustomAttributeTypes')

/**
 * Every list of the advanced search form in one answer: the reference lists (each as its own
 * endpoint answers it), the order destinations and shipment origins, and the newer form's custom
 * order detail names.
 */
export const SearchFormListsResponse = CarrierNamesResponse.merge(ConveyanceTypesResponse)
	.merge(TagsResponse)
	.extend({
		order_locations: LocationsResponse.shape.locations,
		origin_locations: LocationsResponse.shape.locations,
		custom_attribute_types: CustomAttributeTypeListResponse.shape.custom_attribute_types,
	})
	.openapi('SearchFormLists')
