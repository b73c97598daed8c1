import { describe, expect, it } from 'vitest'
import { parseCopyBinary } from './search-export'

/** COPY … (FORMAT binary) of rows of text fields: signature, flags, extension length, rows, trailer. */
function copyBinary(rows: (string | null)[][]): Uint8Array {
	const enc = new TextEncoder()
	const parts: number[] = [...enc.encode('PGCOPY\n'), 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]
	const int = (n: number, bytes: number) => {
		for (let i = bytes - 1; i >= 0; i--) parts.push((n >>> (8 * i)) & 0xff)
	}
	for (const row of rows) {
		int(row.length, 2)
		for (const f of row) {
			if (f === null) int(-1 >>> 0, 4)
			else {
				const b = enc.encode(f)
				int(b.length, 4)
				parts.push(...b)
			}
		}
	}
	int(0xffff, 2)
	return new Uint8Array(parts)
}

describe('parseCopyBinary (the export on PostgreSQL and PGlite reads COPY binary frames)', () => {
	const rows = [
		['id,SO-1001,"=x",\r\n', 'SO-1001', null],
		['second line é\r\n', 'SO-1002', 'k'],
		['', 'SO-1003', 'k'],
	]
	const decode = (fields: (Uint8Array | null)[]) => fields.map((f) => (f === null ? null : new TextDecoder().decode(f)))
	it('gives every row once, whatever the chunk boundaries (a row spanning chunks, a header split)', () => {
		const bytes = copyBinary(rows)
		for (const size of [1, 2, 3, 7, 19, 20, bytes.length]) {
			const got: (string | null)[][] = []
			const feed = parseCopyBinary((fields) => got.push(decode(fields)))
			let finished = false
			for (let at = 0; at < bytes.length; at += size) finished = feed(bytes.slice(at, at + size))
			expect(got, `chunks of ${size}`).toEqual(rows)
			expect(finished).toBe(true)
		}
	})
	it('says the COPY is not finished before its trailer', () => {
		const bytes = copyBinary(rows)
		expect(parseCopyBinary(() => {})(bytes.slice(0, bytes.length - 2))).toBe(false)
	})
})
