import { describe, expect, it } from 'vitest'
import {
	AdvancedSearchFormSchema,
	END_BEFORE_START,
	HAS_NUL,
	NOT_IN_LIST,
	REQUIRED,
	TOO_LONG,
	apiFilters,
	formValues,
	isEmptySearch,
	variantParams,
} from './form'

describe('advanced search form (000 §5)', () => {
	it('"values are trimmed"', () => {
		expect(
			formValues(new URLSearchParams('order_number=%20SO-10%20&tracking_number=%20&tag=a&tag=%20')),
		).toEqual({
			order_number: 'SO-10',
			tag: ['a'],
		})
	})
	it('"An empty form (no values, locations or dates) does not search"', () => {
		expect(isEmptySearch({})).toBe(true)
		expect(isEmptySearch({ final_mile: 'any', order_number: ' ', tag: [] })).toBe(true)
		expect(isEmptySearch({ final_mile: 'yes' })).toBe(false)
		expect(isEmptySearch({ order_location: ['country:US'] })).toBe(false)
		expect(isEmptySearch({ shipment_date_start: '2026-01-01' })).toBe(false)
	})
	it("custom order detail name without a value: the value shows '*Required', and the reverse", () => {
		const noValue = AdvancedSearchFormSchema.safeParse({
			custom_attribute_type: 'a8993b9d-3ef3-45e2-8d8e-ea3e39c7992f',
		})
		expect(noValue.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
			['custom_attribute', REQUIRED],
		])
		const noName = AdvancedSearchFormSchema.safeParse({ custom_attribute: 'DAP' })
		expect(noName.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
			['custom_attribute_type', REQUIRED],
		])
		expect(AdvancedSearchFormSchema.safeParse({}).success).toBe(true)
	})
	it('"The reference number filter is sent as a list of one"; locations split by level', () => {
		expect(
			apiFilters({
				reference_number: 'PO-7781',
				order_location: ['country:US', 'city:US/TX/Austin'],
				shipment_origin_location: ['state:DE/BY'],
			}),
		).toEqual({
			reference_number: ['PO-7781'],
			order_country: ['country:US'],
			order_city: ['city:US/TX/Austin'],
			shipment_origin_state: ['state:DE/BY'],
		})
	})
	const issues = (value: Record<string, unknown>) =>
		AdvancedSearchFormSchema.safeParse(value).error?.issues.map((i) => [
			String(i.path[0]),
			i.message,
		]) ?? []
	it('a shipment date range that ends before it starts is refused on the end date', () => {
		expect(issues({ shipment_date_start: '2026-05-01', shipment_date_end: '2026-01-01' })).toEqual([
			['shipment_date_end', END_BEFORE_START],
		])
		expect(issues({ shipment_date_start: '2026-05-01', shipment_date_end: '2026-05-01' })).toEqual(
			[],
		)
		expect(issues({ shipment_date_end: '2026-01-01' })).toEqual([])
	})
	it('every refused value has a message the form shows (list ids, Final Mile, long text)', () => {
		expect(issues({ tag: ['not-an-id'] })).toEqual([['tag', NOT_IN_LIST]])
		expect(issues({ custom_attribute_type: 'abc', custom_attribute: 'DAP' })).toEqual([
			['custom_attribute_type', NOT_IN_LIST],
		])
		expect(issues({ final_mile: 'maybe' })).toEqual([['final_mile', NOT_IN_LIST]])
		expect(issues({ order_number: 'x'.repeat(201) })).toEqual([['order_number', TOO_LONG]])
		expect(issues({ carrier: [' 74c0841a-47a9-42b6-8b3d-8f1c1d7f5cbe '] })).toEqual([])
	})
	it('text with a NUL character (a hand-edited URL) is refused under its field, as the API would refuse it', () => {
		expect(issues({ order_number: 'SO\u000010' })).toEqual([['order_number', HAS_NUL]])
		expect(issues({ order_location: ['Berlin', 'Ber\u0000lin'] })).toEqual([
			['order_location', HAS_NUL],
		])
	})
	it('the older form (no custom order detail, 000 §2) reads a URL without those fields', () => {
		const params = new URLSearchParams(
			'order_number=SO&custom_attribute=DAP&custom_attribute_type=x',
		)
		expect(variantParams(params, 'old').toString()).toBe('order_number=SO')
		expect(variantParams(params, 'new')).toBe(params)
	})
})
