/**
 * Intl.DateTimeFormat instances kept by locale, options and zone. Making one costs tens of
 * microseconds (ICU loads the zone and the pattern), and a timeline renders a date per event and
 * per node: a page of them made hundreds. A format is immutable, so one per key serves every
 * request: memoisation of an immutable object, not a cache of data (docs/caching.md). The keys
 * are few (a handful of option sets times the zones of the data), so the map is not bounded.
 */
const formats = new Map<string, Intl.DateTimeFormat>()

/** The format for these options (throws, like the constructor, on a zone Intl does not know). */
export function dateTimeFormat(
	locale: string,
	options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
	const key = `${locale}|${JSON.stringify(options)}`
	let format = formats.get(key)
	if (!format) {
		format = new Intl.DateTimeFormat(locale, options)
		formats.set(key, format)
	}
	return format
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>

/** The parts of `date` in this format, by type (the literal separators dropped). */
export function dateParts(locale: string, options: Intl.DateTimeFormatOptions, date: Date): Parts {
	const out: Parts = {}
	for (const part of dateTimeFormat(locale, options).formatToParts(date))
		if (part.type !== 'literal') out[part.type] = part.value
	return out
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** "chart label has a $ sign for delivery value" (001 §9): 1234.5 → '$1,234.50'. The dashboard's and analytics' money. */
export function dollars(value: number): string {
	return DOLLARS.format(value)
}

const SHORT_DOLLARS = new Intl.NumberFormat('en-US', {
	style: 'currency',
	currency: 'USD',
	notation: 'compact',
	minimumFractionDigits: 0,
	maximumFractionDigits: 1,
})

/** Money on a chart's axis, short enough for its ticks to sit side by side: 20000 → '$20K', 1250000 → '$1.3M'. */
export function shortDollars(value: number): string {
	return SHORT_DOLLARS.format(value)
}
