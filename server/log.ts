import { AsyncLocalStorage } from 'node:async_hooks'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino'

export type { Logger }
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

/**
 * Logs ("Logs you can run on"; docs/decisions/0018): pino, one JSON object a line on
 * stdout. Every line a request causes — the request line from pino-http, the web app's loaders
 * and actions, the API's handlers, in memory or over HTTP — carries its `requestId` (the
 * X-Request-Id): server/http/app.ts runs each request inside `withRequestLog(req.log, …)`
 * (AsyncLocalStorage), and `log()` answers that request's logger wherever it is called.
 * Errors are logged under `err` with their stack. Secrets never reach a line: the paths below
 * are redacted, URLs lose their secret query values, and a failed query is logged with its SQL
 * but without its parameters (they hold what people typed and tokens' hashes).
 */

/** What is never written: credentials in headers and in any object logged, one or two levels down. */
export const REDACTED_PATHS = [
	'req.headers.authorization',
	'req.headers.cookie',
	'req.headers["x-api-key"]',
	'req.headers["proxy-authorization"]',
	'res.headers["set-cookie"]',
	...[
		'password',
		'token',
		'accessToken',
		'access_token',
		'refreshToken',
		'refresh_token',
		'idToken',
		'id_token',
		'secret',
		'clientSecret',
		'client_secret',
		'apiKey',
		'authorization',
		'Authorization',
		'cookie',
		'sessionSecret',
	].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
]

/** Query parameters whose values are credentials (guest links, OAuth callbacks). */
const SECRET_QUERY =
	/^(token|code|state|access_token|id_token|password|secret|key|api_key|signature|sig)$/i

/** A URL (path and query) with the values of its secret query parameters replaced. */
export function redactUrl(url: string): string {
	const at = url.indexOf('?')
	if (at < 0) return url
	const query = new URLSearchParams(url.slice(at + 1))
	let changed = false
	for (const key of [...query.keys()]) {
		if (SECRET_QUERY.test(key)) {
			query.set(key, '[Redacted]')
			changed = true
		}
	}
	return changed ? `${url.slice(0, at)}?${query.toString()}` : url
}

/** An error with its stack; a failed query with its SQL and the database's message, never its parameters. */
export function serializeError(error: unknown): Record<string, unknown> {
	if (error instanceof DrizzleQueryError) {
		const cause = error.cause as { message?: string; code?: string; stack?: string } | undefined
		return {
			type: 'DrizzleQueryError',
			message: cause?.message ?? 'query failed',
			...(cause?.code ? { code: cause.code } : {}),
			query: error.query,
			stack: cause?.stack,
		}
	}
	if (error instanceof Error) return stdSerializers.err(error) as unknown as Record<string, unknown>
	return { message: String(error) }
}

export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
	return pino(
		{
			level,
			base: undefined,
			timestamp: pino.stdTimeFunctions.isoTime,
			formatters: { level: (label) => ({ level: label }) },
			redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
			serializers: { err: serializeError },
		},
		destination ?? pino.destination({ dest: 1, sync: true }),
	)
}

const scope = new AsyncLocalStorage<Logger>()
let root: Logger | null = null

/** The process's logger (server.ts sets it from LOG_LEVEL; tests may set one that captures). */
export function setRootLogger(logger: Logger): void {
	root = logger
}

/** The logger of the request being served (its lines carry the request id), else the process's. */
export function log(): Logger {
	return scope.getStore() ?? (root ??= createLogger('info'))
}

/** Runs `fn` (and everything it starts) with `logger` as what `log()` answers. */
export function withRequestLog<T>(logger: Logger, fn: () => T): T {
	return scope.run(logger, fn)
}
