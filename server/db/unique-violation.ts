/**
 * Whether `error` is PostgreSQL's unique violation (23505) of the index or constraint `name`, or
 * wraps one: Drizzle's query error keeps the driver's (pg's, or PGlite's through its thread) as
 * its cause.
 */
export function isUniqueViolation(error: unknown, name: string): boolean {
	for (
		let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
		e;
		e = e.cause as typeof e
	)
		if (e.code === '23505' && e.constraint === name) return true
	return false
}
