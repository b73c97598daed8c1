import { describe, expect, it } from 'vitest'
import { csvCell, csvHeader, csvLine, csvRow, csvStream } from './csv'
import type { SearchRow } from './search.contract'

describe('csvCell: formula injection and RFC 4180 quoting', () => {
	it.each([
		['=SUM(A1:A2)', "'=SUM(A1:A2)"],
		['+1-555', "'+1-555"],
		['-12', "'-12"],
		['@cmd', "'@cmd"],
		['\tx', "'\tx"],
		['\rx', `"'\rx"`],
		['SO-1001', 'SO-1001'],
		['a,b', '"a,b"'],
		['say "hi"', '"say ""hi"""'],
		['=1,2', `"'=1,2"`],
		// Spreadsheets of semicolon locales split here: quoted, the formula stays inside one text cell.
		['x;=1+1', '"x;=1+1"'],
		['a;b', '"a;b"'],
	])('%j → %j', (input, output) => {
		expect(csvCell(input)).toBe(output)
	})
	it('empty for null, text for numbers', () => {
		expect(csvCell(null)).toBe('')
		expect(csvCell(undefined)).toBe('')
		expect(csvCell(7)).toBe('7')
	})
	it('lines end with CRLF ("comma separated")', () => {
		expect(csvLine(['a', null, 'b'])).toBe('a,,b\r\n')
	})
})

describe('csvStream', () => {
	it('sends the header first, then one chunk per batch', async () => {
		const row = { id: '1', ship_set_id: '1', ship_set_name: '=x' } as SearchRow
		async function* batches() {
			yield [row]
			yield [row, row]
		}
		const text = await new Response(csvStream(batches(), { localShipmentDate: true })).text()
		const lines = text.split('\r\n').filter(Boolean)
		expect(lines[0]).toBe(csvHeader().trim())
		expect(lines).toHaveLength(4)
		expect(lines[1]).toContain(",'=x,")
	})
})

describe('csvRow: the dates and flags as the results table shows them (000 §2 "Result row")', () => {
	const row = {
		id: 'a',
		ship_set_id: 'b',
		shipment_id: 'a',
		ship_set_name: 'SO-1',
		reference_number: null,
		carrier_name: 'UPS',
		tracking_number: '1Z',
		shipped_at: '2026-11-20T06:30:00.000Z',
		shipped_at_tz: 'America/Vancouver',
		shipment_status: 'in_transit',
		status_name: 'Delivered',
		status_at: '2026-11-20T19:05:00.000Z',
		timezone: 'Eastern Time (US & Canada)',
		location: 'Vancouver',
		final_mile: 't',
		conveyance_type: 'Ground',
	} satisfies SearchRow
	it('"The shipment date is shown as a local short date; the status date includes time and zone"; final mile Yes/No', () => {
		expect(csvRow(row, { localShipmentDate: true })).toBe(
			'a,b,a,SO-1,,UPS,1Z,11/19/2026,America/Vancouver,in_transit,Delivered,11/20/2026 02:05 PM EST,Eastern Time (US & Canada),Vancouver,Yes,Ground\r\n',
		)
		// Without the shipment-date local-timezone fix the table shows the UTC date, and so does the file.
		expect(csvRow({ ...row, final_mile: 'f' }, { localShipmentDate: false })).toContain(
			',11/20/2026,America/Vancouver,',
		)
		expect(csvRow({ ...row, final_mile: 'f' }, { localShipmentDate: false })).toContain(
			',No,Ground',
		)
		expect(
			csvRow(
				{ ...row, shipped_at: null, status_at: null, final_mile: null },
				{ localShipmentDate: true },
			),
		).toBe(
			'a,b,a,SO-1,,UPS,1Z,,America/Vancouver,in_transit,Delivered,,Eastern Time (US & Canada),Vancouver,,Ground\r\n',
		)
	})
})
