import { crc32, inflateRawSync } from 'node:zlib'

/**
 * Reads a zip archive for the tests (the central directory, then each entry's local header and
 * data, STORE or DEFLATE), checking each entry's CRC-32 and sizes, so that a test fails on a
 * broken archive instead of trusting the writer.
 */
export function readZip(bytes: Uint8Array): Map<string, string> {
	const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const endAt = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
	if (endAt < 0) throw new Error('zip: no end of central directory')
	const count = buf.readUInt16LE(endAt + 10)
	let at = buf.readUInt32LE(endAt + 16)
	const files = new Map<string, string>()
	for (let i = 0; i < count; i++) {
		if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error(`zip: bad central header ${i}`)
		const method = buf.readUInt16LE(at + 10)
		const crc = buf.readUInt32LE(at + 16)
		const size = buf.readUInt32LE(at + 20)
		const rawSize = buf.readUInt32LE(at + 24)
		const nameLength = buf.readUInt16LE(at + 28)
		const extra = buf.readUInt16LE(at + 30)
		const comment = buf.readUInt16LE(at + 32)
		const local = buf.readUInt32LE(at + 42)
		const name = buf.subarray(at + 46, at + 46 + nameLength).toString('utf8')
		if (buf.readUInt32LE(local) !== 0x04034b50) throw new Error(`zip: bad local header for ${name}`)
		const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
		const body = buf.subarray(dataAt, dataAt + size)
		const raw = method === 0 ? body : method === 8 ? inflateRawSync(body) : null
		if (!raw) throw new Error(`zip: method ${method} of ${name}`)
		if (raw.length !== rawSize || crc32(raw) !== crc)
			throw new Error(`zip: ${name} does not match its size or CRC`)
		files.set(name, raw.toString('utf8'))
		at += 46 + nameLength + extra + comment
	}
	return files
}

/** The rows of a CSV file (RFC 4180 quoting, CRLF or LF), header first. */
export function csvRows(text: string): string[][] {
	const rows: string[][] = []
	let row: string[] = []
	let cell = ''
	let quoted = false
	for (let i = 0; i < text.length; i++) {
		const ch = text[i]!
		if (quoted) {
			if (ch === '"' && text[i + 1] === '"') {
				cell += '"'
				i++
			} else if (ch === '"') quoted = false
			else cell += ch
		} else if (ch === '"') quoted = true
		else if (ch === ',') {
			row.push(cell)
			cell = ''
		} else if (ch === '\n' || ch === '\r') {
			if (ch === '\r' && text[i + 1] === '\n') i++
			row.push(cell)
			rows.push(row)
			row = []
			cell = ''
		} else cell += ch
	}
	if (cell || row.length) {
		row.push(cell)
		rows.push(row)
	}
	return rows
}
