/**
 * Value axes whose ticks read as round numbers, for the drawn charts (chart-options.ts and the
 * breach chart). apexcharts' own scale divides the range into equal parts whatever they come to
 * (a count axis of 0, 0.5, 1 …; a pressure axis at 91666.7): niceAxis gives it a range and a
 * number of ticks that fall on round numbers instead.
 */

export interface ValueAxis {
	min: number
	max: number
	/** Intervals between min and max (apexcharts' tickAmount): ticks at min + k·(max − min)/tickAmount. */
	tickAmount: number
	/** Decimals a tick's label needs (0 for whole steps). */
	decimals: number
}

/** The decimals `value` needs to be written exactly (at most 6). */
export function decimalsOf(value: number): number {
	for (let d = 0; d < 6; d++)
		if (Math.abs(value - Number(value.toFixed(d))) < 1e-12 * Math.max(1, Math.abs(value))) return d
	return 6
}

/**
 * An axis from 0 (or below, for negative values) up to at least the largest value, in at most
 * `maxTicks` steps of 1, 2, 2.5 or 5 times a power of ten; whole steps only when `whole` (counts:
 * no tick at 0.5 shipments).
 */
export function niceAxis(
	values: readonly number[],
	{ whole = false, maxTicks = 5 }: { whole?: boolean; maxTicks?: number } = {},
): ValueAxis {
	const high = Math.max(0, ...values)
	const low = Math.min(0, ...values)
	const span = high - low > 0 ? high - low : 1
	const raw = span / maxTicks
	const magnitude = 10 ** Math.floor(Math.log10(raw))
	const steps = [1, 2, 2.5, 5, 10].map((m) => m * magnitude)
	let step = steps.find((s) => s >= raw - 1e-9 && (!whole || Number.isInteger(s))) ?? 10 * magnitude
	if (whole) step = Math.max(1, Math.ceil(step))
	const decimals = decimalsOf(step)
	const exact = (v: number) => Number(v.toFixed(decimals))
	const min = exact(Math.floor(low / step + 1e-9) * step)
	const max = exact(Math.max(Math.ceil(high / step - 1e-9) * step, min + step))
	return { min, max, tickAmount: Math.round((max - min) / step), decimals }
}

/** A tick's label: the value rounded to the axis' decimals, grouped ('22,000', '2.5'). */
export function tickLabel(value: number, decimals: number): string {
	return value.toLocaleString('en-US', {
		minimumFractionDigits: decimals,
		maximumFractionDigits: decimals,
	})
}
