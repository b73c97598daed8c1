import { crc32, deflateRawSync } from 'node:zlib'

/**
 * A zip archive (PKWARE APPNOTE 6.3: local headers, central directory, end record; no Zip64, so
 * under 4 GB and 65,535 entries) written with Node's own zlib: DEFLATE, or STORE when that is not
 * smaller, and UTF-8 names (flag bit 11). Small files made in memory, such as a claim pack's
 * CSVs; no dependency needed.
 */

export interface ZipEntry {
	name: string
	data: Uint8Array | string
	/** The file's time (shown by unzip in UTC); default now. */
	modified?: Date
}

const UTF8_NAMES = 0x0800
const VERSION = 20
const MAX_32 = 0xffffffff

/** MS-DOS time and date (2-second steps, years 1980–2107) of a Date's UTC fields. */
function dosTime(d: Date): { time: number; date: number } {
	const year = Math.min(Math.max(d.getUTCFullYear(), 1980), 2107)
	return {
		time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
		date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
	}
}

export function zip(entries: readonly ZipEntry[], now = new Date()): Uint8Array {
	if (entries.length > 0xffff) throw new Error('zip: too many entries')
	const encoder = new TextEncoder()
	const locals: Buffer[] = []
	const centrals: Buffer[] = []
	let offset = 0
	const names = new Set<string>()
	for (const entry of entries) {
		if (!entry.name || entry.name.startsWith('/') || entry.name.split('/').includes('..'))
			throw new Error(`zip: bad entry name ${entry.name}`)
		if (names.has(entry.name)) throw new Error(`zip: duplicate entry ${entry.name}`)
		names.add(entry.name)
		const raw = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data
		const deflated = deflateRawSync(raw)
		const stored = deflated.length >= raw.length
		const body = stored ? raw : deflated
		const name = Buffer.from(entry.name, 'utf8')
		const crc = crc32(raw)
		const { time, date } = dosTime(entry.modified ?? now)
		if (raw.length > MAX_32 || offset > MAX_32) throw new Error('zip: archive too large')

		const local = Buffer.alloc(30)
		local.writeUInt32LE(0x04034b50, 0)
		local.writeUInt16LE(VERSION, 4)
		local.writeUInt16LE(UTF8_NAMES, 6)
		local.writeUInt16LE(stored ? 0 : 8, 8)
		local.writeUInt16LE(time, 10)
		local.writeUInt16LE(date, 12)
		local.writeUInt32LE(crc, 14)
		local.writeUInt32LE(body.length, 18)
		local.writeUInt32LE(raw.length, 22)
		local.writeUInt16LE(name.length, 26)
		local.writeUInt16LE(0, 28)

		const central = Buffer.alloc(46)
		central.writeUInt32LE(0x02014b50, 0)
		central.writeUInt16LE(VERSION, 4)
		central.writeUInt16LE(VERSION, 6)
		central.writeUInt16LE(UTF8_NAMES, 8)
		central.writeUInt16LE(stored ? 0 : 8, 10)
		central.writeUInt16LE(time, 12)
		central.writeUInt16LE(date, 14)
		central.writeUInt32LE(crc, 16)
		central.writeUInt32LE(body.length, 20)
		central.writeUInt32LE(raw.length, 24)
		central.writeUInt16LE(name.length, 28)
		// extra length, comment length, disk number, internal and external attributes: 0
		central.writeUInt32LE(offset, 42)

		locals.push(local, name, Buffer.from(body.buffer, body.byteOffset, body.byteLength))
		centrals.push(central, name)
		offset += local.length + name.length + body.length
	}
	const directory = Buffer.concat(centrals)
	if (offset > MAX_32) throw new Error('zip: archive too large')
	const end = Buffer.alloc(22)
	end.writeUInt32LE(0x06054b50, 0)
	end.writeUInt16LE(entries.length, 8)
	end.writeUInt16LE(entries.length, 10)
	end.writeUInt32LE(directory.length, 12)
	end.writeUInt32LE(offset, 16)
	return new Uint8Array(Buffer.concat([...locals, directory, end]))
}
