import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import { pinoHttp } from 'pino-http'
import { redactUrl, withRequestLog, type Logger } from '../log'

/**
 * The request logging of the Express app (server/log.ts says what a line holds): pino-http writes
 * one line when each request ends (method, URL with its secret query values redacted, status,
 * time taken; level error for a 5xx or a failure, with its stack), its child logger carries the
 * request's id (`requestId`, the X-Request-Id the `requestId` middleware settled), and everything
 * the request then runs — the React Router handler with its loaders and actions, the API in
 * memory or through its listener — runs with that logger as `log()` (AsyncLocalStorage).
 * The liveness and readiness probes are not logged.
 */
export function requestLogging(logger: Logger): RequestHandler[] {
	const http = pinoHttp<IncomingMessage, ServerResponse>({
		logger,
		genReqId: (_req, res) =>
			String((res as ServerResponse & { locals?: { requestId?: string } }).locals?.requestId ?? ''),
		quietReqLogger: true,
		customAttributeKeys: { reqId: 'requestId', responseTime: 'ms' },
		autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
		customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
		customSuccessMessage: () => 'request',
		customErrorMessage: () => 'request failed',
		serializers: {
			req: (req: {
				method?: string
				url?: string
				originalUrl?: string
				raw?: IncomingMessage
			}) => ({
				method: req.method,
				url: redactUrl(
					req.raw && 'originalUrl' in req.raw
						? String((req.raw as { originalUrl?: string }).originalUrl)
						: (req.url ?? ''),
				),
			}),
			res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
		},
	})
	return [
		(req, res, next) => http(req, res, next),
		(req, _res, next) => withRequestLog(req.log, next),
	]
}
