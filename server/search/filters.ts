import { ApiError } from '../errors'
import type { ListField, SortColumn } from './search.contract'
import { UUID } from '../shared/ids'

/**
 * The advanced search's filters once the request is validated: trimmed, lists merged
 * (`carrier[]` and `carrier`), empty values dropped. Pure; search.ts turns them into SQL.
 */
export interface Place {
	country: string
	state?: string
	city?: string
}

export interface SearchFilters {
	orderNumber?: string
	referenceNumbers?: string[]
	palletNumber?: string
	cartonNumber?: string
	trackingNumber?: string
	customerName?: string
	carrierIds?: string[]
	conveyanceTypeIds?: string[]
	tagIds?: string[]
	finalMile?: boolean
	destinations?: Place[]
	origins?: Place[]
	shippedFrom?: string
	shippedTo?: string
	customAttribute?: { typeId: string; value: string }
}

export interface SearchSort {
	column: SortColumn
	direction: 'asc' | 'desc'
}

type RawQuery = Readonly<Record<string, unknown>>

/** Every value of a list parameter, from `name[]` and `name`, trimmed, blanks dropped, deduplicated. */
export function listValues(query: RawQuery, name: ListField): string[] {
	const values = [query[name], query[`${name}[]`]]
		.flat()
		.filter((v): v is string => typeof v === 'string')
	return [...new Set(values.map((v) => v.trim()).filter(Boolean))]
}

function ids(query: RawQuery, name: ListField): string[] | undefined {
	const values = listValues(query, name)
	const bad = values.find((v) => !UUID.test(v))
	if (bad !== undefined) throw new ApiError(400, `${name}: Invalid id '${bad.slice(0, 40)}'`)
	return values.length ? values : undefined
}

/**
 * A location tree value: the tree's id ('country:US', 'state:US/TX', 'city:US/TX/Austin',
 * see GET /locations) or a bare name at the parameter's level (a country code for
 * *_country). Bare state or city names match in any country.
 */
export function parsePlace(
	value: string,
	level: 'country' | 'state' | 'city',
): Place | { any: string; level: 'state' | 'city' } {
	const m = /^(country|state|city):(.+)$/.exec(value)
	if (!m) return level === 'country' ? { country: value } : { any: value, level }
	const [country = '', state, city] = m[2]!.split('/')
	return { country, ...(state ? { state } : {}), ...(city ? { city } : {}) }
}

function places(query: RawQuery, prefix: 'order' | 'shipment_origin'): Place[] | undefined {
	const out: Place[] = []
	for (const level of ['country', 'state', 'city'] as const) {
		for (const value of listValues(query, `${prefix}_${level}`)) {
			const place = parsePlace(value, level)
			// A bare state or city name: matched in any country (country '' stands for "any").
			out.push('any' in place ? { country: '', [place.level]: place.any } : place)
		}
	}
	return out.length ? out : undefined
}

const present = (v: string | undefined) =>
	v === undefined || v.trim() === '' ? undefined : v.trim()
const dayOrNull = (v: string | undefined) =>
	v === undefined || v === '' || v === 'null' ? undefined : v

export function searchFilters(query: RawQuery): SearchFilters {
	const one = (k: string) =>
		present(typeof query[k] === 'string' ? (query[k] as string) : undefined)
	const filters: SearchFilters = {
		orderNumber: one('order_number'),
		referenceNumbers: listValues(query, 'reference_number'),
		palletNumber: one('pallet_number'),
		cartonNumber: one('carton_number'),
		trackingNumber: one('tracking_number'),
		customerName: one('customer_name'),
		carrierIds: ids(query, 'carrier'),
		conveyanceTypeIds: ids(query, 'conveyance_type'),
		tagIds: ids(query, 'tag'),
		finalMile: query.final_mile === 'yes' ? true : query.final_mile === 'no' ? false : undefined,
		destinations: places(query, 'order'),
		origins: places(query, 'shipment_origin'),
		shippedFrom: dayOrNull(one('shipment_date_start')),
		shippedTo: dayOrNull(one('shipment_date_end')),
	}
	if (!filters.referenceNumbers?.length) delete filters.referenceNumbers
	// Both bounds are days YYYY-MM-DD (checked by the contract), so they compare as strings.
	if (filters.shippedFrom && filters.shippedTo && filters.shippedTo < filters.shippedFrom) {
		throw new ApiError(400, 'shipment_date_end: must be on or after shipment_date_start')
	}
	const typeId = one('custom_attribute_type')
	const value = one('custom_attribute')
	if (typeId && value) filters.customAttribute = { typeId, value }
	else if (typeId || value) {
		throw new ApiError(
			400,
			`${typeId ? 'custom_attribute' : 'custom_attribute_type'}: Required with ${typeId ? 'custom_attribute_type' : 'custom_attribute'}`,
		)
	}
	for (const key of Object.keys(filters) as (keyof SearchFilters)[]) {
		if (filters[key] === undefined) delete filters[key]
	}
	return filters
}

/** Filters that select shipments (rows) rather than orders: with any of them an order without a matching shipment drops out. */
export function hasShipmentFilter(f: SearchFilters): boolean {
	return Boolean(
		f.palletNumber ||
		f.cartonNumber ||
		f.trackingNumber ||
		f.carrierIds ||
		f.conveyanceTypeIds ||
		f.finalMile !== undefined ||
		f.origins ||
		f.shippedFrom ||
		f.shippedTo,
	)
}

/** `LIKE` pattern for "starts with": %, _ and \ in the value are literal. */
export function prefixPattern(value: string): string {
	return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** `ILIKE` pattern for "contains". */
export function containsPattern(value: string): string {
	return `%${prefixPattern(value)}`
}
