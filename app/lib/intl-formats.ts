/**
 * Intl.DateTimeFormat instances kept by locale, options and zone. Making one costs tens of
 * microseconds (ICU loads the zone and the pattern), and a timeline renders a date per event and
 * per node: a page of them made hundreds (issue 20, "Pages cost little to serve"). A format is
 * immutable, so one per key serves every request. The keys are few (a handful of option sets
 * times the zones of the data), so the cache is not bounded.
 */
const formats = new Map<string, Intl.DateTimeFormat>()

/** The format for these options (throws, like the constructor, on a zone Intl does not know). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	return formatFor(formatKey(locale, options), locale, options)
}

/** A format's key in `formats`, and the start of its parts' keys. */
const formatKey = (locale: string, options: Intl.DateTimeFormatOptions) => `${locale}|${JSON.stringify(options)}`

function formatFor(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	let format = formats.get(key)
	if (!format) {
		format = new Intl.DateTimeFormat(locale, options)
		formats.set(key, format)
	}
	return format
}

type Parts = Readonly<Partial<Record<Intl.DateTimeFormatPartTypes, string>>>

/**
 * Parts already read, by format and instant. `formatToParts` costs ~10–20 µs a call (ICU), and a
 * timeline shows the same events' times to every request of every user: ~0.4 ms of a page
 * (issue 20). Bounded: past PARTS_KEPT entries the cache starts again (a page reads a few hundred).
 */
const parts = new Map<string, Parts>()
const PARTS_KEPT = 20_000

/** The parts of `date` in this format, by type (the literal separators dropped). */
export function dateParts(locale: string, options: Intl.DateTimeFormatOptions, date: Date): Parts {
	const formatId = formatKey(locale, options)
	const key = `${formatId}|${date.getTime()}`
	const kept = parts.get(key)
	if (kept) return kept
	const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
	for (const part of formatFor(formatId, locale, options).formatToParts(date)) if (part.type !== 'literal') out[part.type] = part.value
	if (parts.size >= PARTS_KEPT) parts.clear()
	parts.set(key, Object.freeze(out))
	return out
}
