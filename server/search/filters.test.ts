import { describe, expect, it } from 'vitest'
import { hasShipmentFilter, parsePlace, prefixPattern, searchFilters } from './filters'

describe('searchFilters', () => {
	it('trims, drops blanks and merges name[] with name', () => {
		expect(
			searchFilters({
				order_number: ' SO-10 ',
				tracking_number: '  ',
				'reference_number[]': [' PO-1', 'PO-2'],
				reference_number: 'PO-1',
			}),
		).toEqual({ orderNumber: 'SO-10', referenceNumbers: ['PO-1', 'PO-2'] })
	})
	it('final mile: any is no filter, yes/no select shipments', () => {
		expect(searchFilters({ final_mile: 'any' })).toEqual({})
		expect(searchFilters({ final_mile: 'no' })).toEqual({ finalMile: false })
		expect(hasShipmentFilter({ finalMile: false })).toBe(true)
		expect(hasShipmentFilter({ orderNumber: 'SO' })).toBe(false)
	})
	it("'null' dates are no bound (000 §7 'YYYY-MM-DD or null')", () => {
		expect(searchFilters({ shipment_date_start: 'null', shipment_date_end: '2026-01-31' })).toEqual(
			{ shippedTo: '2026-01-31' },
		)
	})
	it('a custom attribute type needs its value and the reverse', () => {
		expect(() => searchFilters({ custom_attribute_type: 'x' })).toThrow(/^custom_attribute:/)
		expect(() => searchFilters({ custom_attribute: 'DAP' })).toThrow(/^custom_attribute_type:/)
	})
	it('ids must be ids', () => {
		expect(() => searchFilters({ 'tag[]': ['nope'] })).toThrow(/^tag:/)
	})
	it('location tree values', () => {
		expect(parsePlace('city:US/TX/Austin', 'city')).toEqual({
			country: 'US',
			state: 'TX',
			city: 'Austin',
		})
		expect(parsePlace('state:DE/BY', 'state')).toEqual({ country: 'DE', state: 'BY' })
		expect(parsePlace('US', 'country')).toEqual({ country: 'US' })
		expect(searchFilters({ 'order_city[]': 'Austin' })).toEqual({
			destinations: [{ country: '', city: 'Austin' }],
		})
	})
})

describe('prefixPattern', () => {
	it('LIKE wildcards in the value are literal', () => {
		expect(prefixPattern('SO-10')).toBe('SO-10%')
		expect(prefixPattern('50%_a\\')).toBe('50\\%\\_a\\\\%')
	})
})
