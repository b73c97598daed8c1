import { describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { EVENT_COLUMNS, ORDER_COLUMNS, TEMPLATES } from './import-columns.contract'
import { columnOf } from './csv'

/**
 * The CSV import's columns ("a CSV of orders+shipments or of events"): the templates the
 * Import screen offers line up with their headers, and a problem with a field is named by the
 * column it came from, travels_with included (the API's shipments take it; docs/csv-import.md).
 */
describe('CSV import columns', () => {
	it('offers templates whose example row has a cell under every column', () => {
		for (const kind of ['orders', 'events'] as const) {
			const [header, row] = parse(TEMPLATES[kind]) as string[][]
			expect(row).toHaveLength(header!.length)
		}
		const [header, row] = parse(TEMPLATES.orders) as string[][]
		expect(header).toContain('travels_with')
		expect(row![header!.indexOf('travels_with')]).toBe('')
		expect(row![header!.indexOf('attribute:Project')]).toBe('Apollo')
		expect(parse(TEMPLATES.events)[0]).toEqual([...EVENT_COLUMNS])
	})

	it('names the column of a shipment field, travels_with as itself', () => {
		expect(ORDER_COLUMNS).toContain('travels_with')
		expect(columnOf('orders', 'shipments', ['travels_with'])).toBe('travels_with')
		expect(columnOf('orders', 'shipments', ['external_id'])).toBe('shipment_id')
		expect(columnOf('orders', 'shipments', ['estimated_delivery_date'])).toBe(
			'shipment_estimated_delivery_date',
		)
	})
})
