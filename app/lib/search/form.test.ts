import { describe, expect, it } from 'vitest'
import { AdvancedSearchFormSchema, REQUIRED, apiFilters, formValues, isEmptySearch } from './form'

describe('advanced search form (000 §5)', () => {
	it('"values are trimmed"', () => {
		expect(formValues(new URLSearchParams('order_number=%20SO-10%20&tracking_number=%20&tag=a&tag=%20'))).toEqual({
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
		const noValue = AdvancedSearchFormSchema.safeParse({ custom_attribute_type: 'x' })
		expect(noValue.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['custom_attribute', REQUIRED]])
		const noName = AdvancedSearchFormSchema.safeParse({ custom_attribute: 'DAP' })
		expect(noName.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['custom_attribute_type', REQUIRED]])
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
})
