import { describe, expect, it } from 'vitest'
import type { SearchRow } from './results'
import { resultRow } from './results.server'

const row = (extra: Partial<SearchRow> = {}): SearchRow => ({
	shipSetId: 'id-1',
	orderNumber: 'SO-1001',
	referenceNumber: 'PO-7781',
	city: 'Chicago',
	state: 'IL',
	country: 'US',
	orderStatus: 'in_transit',
	lastStatus: 'In transit',
	lastStatusAt: '2026-10-27T09:25:00.000Z',
	lastStatusType: 'transit',
	lastStatusTimezone: 'America/Chicago',
	carrier: 'UPS',
	trackingNumber: '1Z999AA10123456784',
	...extra,
})

describe('result rows (000 §2 "Columns")', () => {
	it('"Customer (city/state/country, or N/A)"', () => {
		expect(resultRow(row()).customer).toBe('Chicago, IL, US')
		expect(resultRow(row({ city: null, state: null, country: null })).customer).toBe('N/A')
	})

	it('"Last Status (text, date and time, carrier when the type is transit, warning icon when the type is exception; empty for Pending)"', () => {
		expect(resultRow(row()).lastStatus).toEqual({
			text: 'In transit',
			when: 'Oct 27, 2026 04:25 AM CDT',
			carrier: 'UPS',
			exception: false,
		})
		expect(resultRow(row({ lastStatusType: 'exception' })).lastStatus).toMatchObject({
			carrier: null,
			exception: true,
		})
		expect(resultRow(row({ orderStatus: 'pending' })).lastStatus).toBeNull()
	})

	it('badges In Process as In Transit and In Transit as Final Mile', () => {
		expect(resultRow(row()).statusLabel).toBe('Final Mile')
		expect(resultRow(row({ orderStatus: 'in_process' })).statusLabel).toBe('In Transit')
	})
})
