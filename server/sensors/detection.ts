/**
 * Breach detection, one tracked item at a time: readings in time order against the
 * tracking group's thresholds. A reading outside them opens a breach (or extends the open one:
 * its count, last event and durations); when every sensor type of the open breach is back
 * within bounds, the breach closes into history, and the next reading outside opens a new one.
 *
 * - An excursion of a type runs from its first reading outside to the first reading back within
 *   bounds (its duration), or, while open, to its latest reading outside.
 * - `count` is the readings outside thresholds, per type and in all.
 * - A threshold that is null does not bound (001 §2 "Threshold lines are drawn only when the
 *   threshold is not null and is numeric").
 *
 * Pure: the ingestion endpoint (server/sensors/ingest.ts) loads the open breach, steps the new
 * readings through `detect` and saves what it returns; the demo seed runs its readings through the
 * same function.
 */

export interface Threshold {
	min: number | null
	max: number | null
}

export type Direction = 'above' | 'below'

export interface Excursion {
	type: Direction
	/** ms */
	start: number
	/** ms of the first reading back within bounds; null while open. */
	end: number | null
	/** ms of the latest reading outside. */
	last: number
}

export interface TypeState {
	code: string
	threshold: Threshold
	count: number
	firstAt: number
	firstValue: number
	firstDirection: Direction
	lastAt: number
	excursions: Excursion[]
	/** The stored first-event text of a type loaded from the database (detection leaves it alone). */
	summary?: string
}

export interface BreachState {
	/** The stored breach's id; null for one this run opened. */
	id: string | null
	ongoing: boolean
	firstAt: number
	lastAt: number
	types: Map<string, TypeState>
}

export interface Reading {
	code: string
	at: number
	value: number
}

export function outside(threshold: Threshold, value: number): Direction | null {
	if (threshold.max !== null && value > threshold.max) return 'above'
	if (threshold.min !== null && value < threshold.min) return 'below'
	return null
}

export const excursionSeconds = (e: Excursion) => Math.round(((e.end ?? e.last) - e.start) / 1000)

export const isOpen = (t: TypeState) => t.excursions.at(-1)?.end === null

export function breachCount(b: BreachState): number {
	let n = 0
	for (const t of b.types.values()) n += t.count
	return n
}

export function totalSeconds(b: BreachState): number {
	let s = 0
	for (const t of b.types.values()) for (const e of t.excursions) s += excursionSeconds(e)
	return s
}

/**
 * Steps `readings` (any order; sorted here by time) through the item's open breach (`open`, or
 * null) with the thresholds of each type (a type without thresholds never breaches). Returns
 * every breach touched: the open one first if given, then those opened here, each ongoing or
 * closed.
 */
export function detect(
	open: BreachState | null,
	readings: readonly Reading[],
	thresholds: ReadonlyMap<string, Threshold>,
): BreachState[] {
	const sorted = [...readings].sort((a, b) => a.at - b.at || a.code.localeCompare(b.code))
	const touched: BreachState[] = open ? [open] : []
	let current = open && open.ongoing ? open : null
	for (const r of sorted) {
		const threshold = thresholds.get(r.code)
		if (!threshold) continue
		const direction = outside(threshold, r.value)
		if (direction) {
			if (!current) {
				current = { id: null, ongoing: true, firstAt: r.at, lastAt: r.at, types: new Map() }
				touched.push(current)
			}
			let type = current.types.get(r.code)
			if (!type) {
				type = {
					code: r.code,
					threshold,
					count: 0,
					firstAt: r.at,
					firstValue: r.value,
					firstDirection: direction,
					lastAt: r.at,
					excursions: [],
				}
				current.types.set(r.code, type)
			}
			type.count++
			type.lastAt = Math.max(type.lastAt, r.at)
			const last = type.excursions.at(-1)
			if (last && last.end === null && last.type === direction) last.last = r.at
			else {
				if (last && last.end === null) last.end = r.at
				type.excursions.push({ type: direction, start: r.at, end: null, last: r.at })
			}
			current.lastAt = Math.max(current.lastAt, r.at)
		} else if (current) {
			const type = current.types.get(r.code)
			const last = type?.excursions.at(-1)
			if (type && last && last.end === null) {
				last.end = r.at
				if (![...current.types.values()].some(isOpen)) {
					current.ongoing = false
					current = null
				}
			}
		}
	}
	return touched
}
