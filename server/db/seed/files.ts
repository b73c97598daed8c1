import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'

/**
 * The bytes behind the seeded documents and photos. The seed writes only the
 * rows; the storage layer writes these files under their storage keys
 * (`seed-files/...`) when it starts: see SEED_FILES.
 */

export interface SeedFile {
	storageKey: string
	fileName: string
	contentType: string
	bytes: Buffer
	sha256: string
}

/** A one-page PDF with a few lines of text (valid xref offsets, opens in any viewer). */
export function tinyPdf(title: string, lines: readonly string[]): Buffer {
	const esc = (t: string) => t.replace(/[\\()]/g, (ch) => `\\${ch}`)
	const text = [`BT /F1 18 Tf 72 720 Td (${esc(title)}) Tj ET`]
	lines.forEach((line, i) => text.push(`BT /F1 11 Tf 72 ${690 - i * 16} Td (${esc(line)}) Tj ET`))
	const stream = text.join('\n')
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
		`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
	]
	let out = '%PDF-1.4\n'
	const offsets: number[] = []
	objects.forEach((body, i) => {
		offsets.push(Buffer.byteLength(out, 'latin1'))
		out += `${i + 1} 0 obj\n${body}\nendobj\n`
	})
	const xref = Buffer.byteLength(out, 'latin1')
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
	for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
	return Buffer.from(out, 'latin1')
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
	return c >>> 0
})

function crc32(buf: Buffer): number {
	let c = 0xffffffff
	for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
	return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
	const len = Buffer.alloc(4)
	len.writeUInt32BE(data.length)
	const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
	const crc = Buffer.alloc(4)
	crc.writeUInt32BE(crc32(body))
	return Buffer.concat([len, body, crc])
}

/** A small RGB PNG: a vertical gradient between two colours with a darker band (a "photo"). */
export function tinyPng(
	width: number,
	height: number,
	from: [number, number, number],
	to: [number, number, number],
): Buffer {
	const raw = Buffer.alloc((width * 3 + 1) * height)
	for (let y = 0; y < height; y++) {
		const t = y / Math.max(1, height - 1)
		const band = y > height * 0.55 && y < height * 0.7 ? 0.6 : 1
		const row = y * (width * 3 + 1)
		raw[row] = 0
		for (let x = 0; x < width; x++) {
			for (let ch = 0; ch < 3; ch++) {
				const value = ((from[ch] ?? 0) * (1 - t) + (to[ch] ?? 0) * t) * band
				raw[row + 1 + x * 3 + ch] = Math.round(value)
			}
		}
	}
	const header = Buffer.alloc(13)
	header.writeUInt32BE(width, 0)
	header.writeUInt32BE(height, 4)
	header.set([8, 2, 0, 0, 0], 8)
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', Buffer.alloc(0)),
	])
}

function seedFile(fileName: string, contentType: string, bytes: Buffer): SeedFile {
	return {
		storageKey: `seed-files/${fileName}`,
		fileName,
		contentType,
		bytes,
		sha256: createHash('sha256').update(bytes).digest('hex'),
	}
}

export const SEED_DOCUMENTS = {
	invoice: seedFile(
		'commercial-invoice-SO-1001.pdf',
		'application/pdf',
		tinyPdf('Commercial Invoice - SO-1001', [
			'Seller: Acme Devices, 48000 Kato Rd, Fremont, CA 94538, US',
			'Buyer: Northwind Medical Supply, 1200 Industrial Pkwy, Louisville, KY 40209, US',
			'Reference: PO-7781',
			'2 x pallet, cold-chain medical monitors, 2-8 C',
			'Total: USD 48,250.00',
		]),
	),
	packingList: seedFile(
		'cold-chain-declaration-SO-1001.pdf',
		'application/pdf',
		tinyPdf('Cold Chain Declaration - SO-1001', [
			'Pallet PLT-1001-01: keep between 2 and 8 C',
			'Data logger: TempTale GEO, group TG-SO-1001',
		]),
	),
	generic: seedFile(
		'packing-list.pdf',
		'application/pdf',
		tinyPdf('Packing List', ['Cartons as per the order lines.']),
	),
} as const

export const SEED_PHOTOS = {
	palletLoaded: seedFile(
		'pallet-loaded-SO-1001.png',
		'image/png',
		tinyPng(320, 240, [70, 110, 160], [200, 170, 120]),
	),
	sealCheck: seedFile(
		'seal-check-SO-1001.png',
		'image/png',
		tinyPng(320, 240, [40, 90, 60], [190, 200, 180]),
	),
	damage: seedFile(
		'crushed-cartons-SO-1007.png',
		'image/png',
		tinyPng(320, 240, [120, 80, 50], [220, 200, 170]),
	),
} as const

/** Every file the seeded rows point at; the storage layer writes each under its storageKey. */
export const SEED_FILES: readonly SeedFile[] = [
	...Object.values(SEED_DOCUMENTS),
	...Object.values(SEED_PHOTOS),
]
