/** Duration text shared by the screens (app/lib/dashboard/format.ts) and the claim pack's files. */

/**
 * "Duration formatting: values of 30 s or less show '0h'; otherwise weeks, days, hours and
 * minutes" (001 §9): 90 061 s → '1d 1h 1m' (seconds rounded to the nearest minute, parts that
 * are 0 left out, at least one minute).
 */
export function formatDuration(seconds: number): string {
	if (!Number.isFinite(seconds) || seconds <= 30) return '0h'
	let minutes = Math.max(1, Math.round(seconds / 60))
	const parts: string[] = []
	for (const [unit, size] of [
		['w', 7 * 24 * 60],
		['d', 24 * 60],
		['h', 60],
		['m', 1],
	] as const) {
		const n = Math.floor(minutes / size)
		minutes -= n * size
		if (n > 0) parts.push(`${n}${unit}`)
	}
	return parts.join(' ')
}
