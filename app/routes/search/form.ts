import { z } from 'zod'
import { hasNul, NUL_MESSAGE } from '#shared/text-rules'

/**
 * The advanced search form (000 §2 "Advanced Search", §5 "Advanced search"). Field names
 * are the API's (000 §7), so the URL of a search is its own bookmark and the API query
 * is the URL's fields, with the two location trees split by level.
 */
export const REQUIRED = '*Required'
/** The longest text a field (and the header search) takes; the API's limit too (server/search/search.contract.ts). */
const MAX_TEXT = 200
export const TOO_LONG = `At most ${MAX_TEXT} characters.`
/** A list value that is not one of the list's ids (a hand-edited or stale URL). */
export const NOT_IN_LIST = 'Choose from the list.'
/** 000 §2 "shipment date start and end": a range that ends before it starts finds nothing, so it is refused. */
export const END_BEFORE_START = 'Must be on or after the start date.'
/** Text the API refuses (a hand-edited URL): said under the field, as the API says it. */
export const HAS_NUL = `Text ${NUL_MESSAGE}.`

/** Text a search field may hold: trimmed, at most MAX_TEXT, no NUL (server/shared/text-rules.ts). */
export function isSearchableText(value: string): boolean {
	return value.length <= MAX_TEXT && !hasNul(value)
}

const plain = z
	.string()
	.trim()
	.max(MAX_TEXT, TOO_LONG)
	.refine((v) => !hasNul(v), HAS_NUL)
const text = plain.optional()
const many = z.array(plain).optional()
const id = z.string().trim().pipe(z.uuid(NOT_IN_LIST))
const ids = z.array(id).optional()

/** "If a custom order detail name is chosen without a value, the value shows '*Required', and the reverse." */
export const AdvancedSearchFormSchema = z
	.object({
		order_number: text,
		reference_number: text,
		pallet_number: text,
		carton_number: text,
		tracking_number: text,
		customer_name: text,
		carrier: ids,
		conveyance_type: ids,
		tag: ids,
		final_mile: z.enum(['any', 'yes', 'no'], NOT_IN_LIST).optional(),
		order_location: many,
		shipment_origin_location: many,
		shipment_date_start: z.iso.date({ message: 'Enter a date' }).optional(),
		shipment_date_end: z.iso.date({ message: 'Enter a date' }).optional(),
		custom_attribute_type: id.optional(),
		custom_attribute: text,
	})
	.superRefine((v, ctx) => {
		if (
			v.shipment_date_start &&
			v.shipment_date_end &&
			v.shipment_date_end < v.shipment_date_start
		) {
			ctx.addIssue({ code: 'custom', path: ['shipment_date_end'], message: END_BEFORE_START })
		}
		if (v.custom_attribute_type && !v.custom_attribute)
			ctx.addIssue({ code: 'custom', path: ['custom_attribute'], message: REQUIRED })
		if (v.custom_attribute && !v.custom_attribute_type) {
			ctx.addIssue({ code: 'custom', path: ['custom_attribute_type'], message: REQUIRED })
		}
	})
type SearchFormValues = z.infer<typeof AdvancedSearchFormSchema>

const LIST_KEYS = [
	'carrier',
	'conveyance_type',
	'tag',
	'order_location',
	'shipment_origin_location',
] as const
const TEXT_KEYS = [
	'order_number',
	'reference_number',
	'pallet_number',
	'carton_number',
	'tracking_number',
	'customer_name',
	'final_mile',
	'shipment_date_start',
	'shipment_date_end',
	'custom_attribute_type',
	'custom_attribute',
] as const

/**
 * The URL's search as the shown form variant reads it: the older form has no custom order
 * detail (000 §2 "the richer one adds custom order details"), so a URL made with the newer
 * one (a bookmark, a toggle switched off) drops those two fields instead of refusing fields
 * the page does not show.
 */
export function variantParams(params: URLSearchParams, variant: 'new' | 'old'): URLSearchParams {
	if (variant === 'new') return params
	const out = new URLSearchParams(params)
	out.delete('custom_attribute_type')
	out.delete('custom_attribute')
	return out
}

/** The form's values as the URL holds them: trimmed, blanks dropped ("values are trimmed"). */
export function formValues(params: URLSearchParams): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {}
	for (const key of TEXT_KEYS) {
		const value = params.get(key)?.trim()
		if (value) out[key] = value
	}
	for (const key of LIST_KEYS) {
		const values = params
			.getAll(key)
			.map((v) => v.trim())
			.filter(Boolean)
		if (values.length) out[key] = values
	}
	return out
}

/** "An empty form (no values, locations or dates) does not search." Final Mile 'any' is no value. */
export function isEmptySearch(values: Record<string, string | string[] | undefined>): boolean {
	return Object.entries(values).every(([key, v]) => {
		if (key === 'final_mile') return !v || v === 'any'
		return v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === '')
	})
}

type ApiQuery = Record<string, string | number | string[] | undefined>

/** The API query of a valid form: location tree ids split into *_country / *_state / *_city, the reference as a list of one. */
export function apiFilters(values: SearchFormValues): ApiQuery {
	const { order_location, shipment_origin_location, reference_number, ...rest } = values
	const query: ApiQuery = { ...rest }
	if (reference_number) query.reference_number = [reference_number]
	for (const [prefix, ids] of [
		['order', order_location],
		['shipment_origin', shipment_origin_location],
	] as const) {
		for (const id of ids ?? []) {
			const level = /^(country|state|city):/.exec(id)?.[1]
			if (!level) continue
			const key = `${prefix}_${level}`
			query[key] = [...((query[key] as string[] | undefined) ?? []), id]
		}
	}
	return query
}

/** "Field hints" (000 §2 Advanced Search). */
export const HINTS = {
	order_number: 'Matches order numbers starting with the entered value.',
	exact: 'Matches exactly.',
	customer_name: 'Matches names containing the entered value.',
} as const
