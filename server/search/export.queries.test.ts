import { describe, expect, it } from 'vitest'
import type { SearchRow } from './search.contract'
import { csvRow } from './csv'
import { csvLineWriter, parseCopyBinary } from './export.queries'

/** COPY … (FORMAT binary) of rows of text fields: signature, flags, extension length, rows, trailer. */
function copyBinary(rows: (string | null)[][]): Uint8Array {
	const enc = new TextEncoder()
	const parts: number[] = [
		...enc.encode('PGCOPY\n'),
		0xff,
		0x0d,
		0x0a,
		0x00,
		0,
		0,
		0,
		0,
		0,
		0,
		0,
		0,
	]
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
	const decode = (fields: (Uint8Array | null)[]) =>
		fields.map((f) => (f === null ? null : new TextDecoder().decode(f)))
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

describe('csvLineWriter (the export writes each line from the stored columns)', () => {
	/** A row of search-export's COLUMNS as binary COPY fields: uuids 16 bytes, timestamps 8, booleans 1. */
	function binaryRow(row: SearchRow, rowKey: string) {
		const parts: Uint8Array[] = []
		const uuid = (v: string | null) =>
			v === null
				? null
				: Uint8Array.from(
						v
							.replace(/-/g, '')
							.match(/../g)!
							.map((h) => parseInt(h, 16)),
					)
		const text = (v: string | null) => (v === null ? null : new TextEncoder().encode(v))
		const time = (v: string | null) => {
			if (v === null) return null
			const b = new Uint8Array(8)
			new DataView(b.buffer).setBigInt64(0, BigInt(Date.parse(v) - 946_684_800_000) * 1000n + 417n)
			return b
		}
		const fields = [
			uuid(row.ship_set_id),
			uuid(row.shipment_id),
			text(row.ship_set_name),
			text(row.reference_number),
			text(row.carrier_name),
			text(row.tracking_number),
			time(row.shipped_at),
			text(row.shipped_at_tz),
			text(row.shipment_status),
			text(row.status_name),
			time(row.status_at),
			text(row.timezone),
			text(row.location),
			row.final_mile === null ? null : Uint8Array.of(row.final_mile === 't' ? 1 : 0),
			text(row.conveyance_type),
			uuid(rowKey),
		]
		const starts = new Int32Array(fields.length)
		const lengths = new Int32Array(fields.length)
		let at = 0
		fields.forEach((f, i) => {
			starts[i] = at
			lengths[i] = f === null ? -1 : f.length
			if (f) parts.push(f)
			at += f?.length ?? 0
		})
		const buf = new Uint8Array(at)
		let o = 0
		for (const p of parts) {
			buf.set(p, o)
			o += p.length
		}
		return { buf, starts, lengths }
	}
	const base: SearchRow = {
		id: '6f1c2a4e-0b7d-4c1e-9a55-0123456789ab',
		ship_set_id: '0d3b9c1a-2e4f-4a6b-8c0d-fedcba987654',
		shipment_id: '6f1c2a4e-0b7d-4c1e-9a55-0123456789ab',
		ship_set_name: 'SO-1001',
		reference_number: '=HYPERLINK("http://x";"y")',
		carrier_name: 'Maersk, Line',
		tracking_number: '-2+3',
		shipped_at: '2024-02-29T23:59:59.123Z',
		shipped_at_tz: 'Eastern Time (US & Canada)',
		shipment_status: 'in_transit',
		status_name: 'Ankunft in München; "Hub"\r\nnächste Zeile',
		status_at: '1969-07-20T20:17:40.000Z',
		timezone: '@cmd',
		location: 'Zürich Dépôt 7',
		final_mile: 't',
		conveyance_type: '\tGround',
	}
	const orderOnly: SearchRow = {
		...base,
		id: base.ship_set_id,
		shipment_id: null,
		reference_number: null,
		carrier_name: null,
		tracking_number: null,
		shipped_at: null,
		shipped_at_tz: null,
		shipment_status: null,
		final_mile: null,
		conveyance_type: null,
		status_at: '2026-11-25T00:00:00.000Z',
	}
	// In Vancouver after British Columbia's change (-07 all year), at noon and just past midnight.
	const vancouver: SearchRow = {
		...base,
		shipped_at: '2026-11-20T07:30:00.000Z',
		shipped_at_tz: 'America/Vancouver',
		status_at: '2026-11-20T19:05:00.000Z',
		timezone: 'America/Vancouver',
	}
	const afterMidnight: SearchRow = {
		...vancouver,
		status_at: '2026-11-20T07:30:00.000Z',
		timezone: 'Pacific Time (US & Canada)',
	}
	const rows = [base, orderOnly, { ...base, final_mile: 'f' as const }, vancouver, afterMidnight]
	for (const localShipmentDate of [true, false])
		it(`writes csvRow’s bytes: formulas escaped, quoting, UTF-8, nulls, dates before 1970 and in zones, an order without shipments (local shipment date ${localShipmentDate})`, () => {
			const writer = csvLineWriter({ localShipmentDate })
			for (const row of rows) {
				const { buf, starts, lengths } = binaryRow(
					row,
					row.shipment_id ?? '00000000-0000-0000-0000-000000000000',
				)
				writer.row(buf, starts, lengths)
			}
			expect(new TextDecoder().decode(writer.take()!)).toBe(
				rows.map((r) => csvRow(r, { localShipmentDate })).join(''),
			)
			expect(writer.take()).toBeNull()
		})
})
