import { createHash } from 'node:crypto'

/**
 * Determinism helpers: seeded PRNGs and ids derived from names, so the same
 * seed command writes the same rows, ids included.
 */

export type Rng = () => number

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): Rng {
	let a = seed >>> 0
	return () => {
		a = (a + 0x6d2b79f5) >>> 0
		let t = a
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

/** FNV-1a 32-bit hash of a string, to seed a PRNG from a name. */
export function hash32(text: string): number {
	let h = 0x811c9dc5
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i)
		h = Math.imul(h, 0x01000193)
	}
	return h >>> 0
}

/**
 * sfc32 (Small Fast Counter): 128 bits of state, so streams seeded from
 * different names do not overlap the way 32-bit generators' streams do.
 */
export function sfc32(a: number, b: number, c: number, d: number): Rng {
	return () => {
		a >>>= 0
		b >>>= 0
		c >>>= 0
		d >>>= 0
		const t = (((a + b) | 0) + d) | 0
		d = (d + 1) | 0
		a = b ^ (b >>> 9)
		b = (c + (c << 3)) | 0
		c = (c << 21) | (c >>> 11)
		c = (c + t) | 0
		return (t >>> 0) / 4294967296
	}
}

/** A PRNG seeded (128 bits, SHA-256) by a name, e.g. rngFor('acme', 'generated', 17). */
export function rngFor(...parts: (string | number)[]): Rng {
	const h = createHash('sha256').update(parts.join(':')).digest()
	const rng = sfc32(h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12))
	for (let i = 0; i < 12; i++) rng()
	return rng
}

/**
 * A stable uuid (version-4 layout) derived from a name, e.g.
 * seedId('acme', 'ship_set', 'SO-1001'). Same parts, same id, on every install.
 */
export function seedId(...parts: (string | number)[]): string {
	const bytes = createHash('sha256').update(parts.join(':')).digest()
	bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
	bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
	const hex = bytes.subarray(0, 16).toString('hex')
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

export const int = (rng: Rng, min: number, max: number): number =>
	min + Math.floor(rng() * (max - min + 1))

export const chance = (rng: Rng, p: number): boolean => rng() < p

export function pick<T>(rng: Rng, items: readonly T[]): T {
	const item = items[Math.floor(rng() * items.length)]
	if (item === undefined) throw new Error('pick from an empty list')
	return item
}

/** A string of `length` characters drawn from `alphabet`. */
export function chars(rng: Rng, alphabet: string, length: number): string {
	let out = ''
	for (let i = 0; i < length; i++) out += alphabet[Math.floor(rng() * alphabet.length)]
	return out
}

export const digits = (rng: Rng, length: number) => chars(rng, '0123456789', length)

export const HOUR = 3_600_000
export const DAY = 24 * HOUR
export const MINUTE = 60_000

/** Midnight UTC of the given instant: the anchor of generated, "now-relative" history. */
export const startOfUtcDay = (at: Date): Date =>
	new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))

/** Rounds to whole minutes so generated times look like carrier scans. */
export const minutes = (ms: number): Date => new Date(Math.round(ms / MINUTE) * MINUTE)
