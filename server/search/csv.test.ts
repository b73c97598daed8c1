import { describe, expect, it } from 'vitest'
import { csvCell, csvHeader, csvLine, csvStream } from './csv'
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
		const text = await new Response(csvStream(batches())).text()
		const lines = text.split('\r\n').filter(Boolean)
		expect(lines[0]).toBe(csvHeader().trim())
		expect(lines).toHaveLength(4)
		expect(lines[1]).toContain(",'=x,")
	})
})
