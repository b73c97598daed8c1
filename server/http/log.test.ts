import { describe, expect, it } from 'vitest'
import express from 'express'
import { Hono } from 'hono'
import { getRequestListener } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createLogger, log, redactUrl } from '../log'
import { requestLogging } from './log'
import { requestId } from './security'

/**
 * "Logs you can run on": pino JSON lines, the request id in every line a request causes
 * (the request line, a loader's, the API's in memory and over HTTP), error stacks, secrets redacted.
 */

type Line = Record<string, unknown> & { msg: string; level: string; requestId?: string }

function capture() {
	const lines: Line[] = []
	const logger = createLogger('debug', {
		write: (line: string) => void lines.push(JSON.parse(line)),
	})
	return { lines, logger }
}

/** An Express app shaped like server/http/app.ts: request id, request logging, the API mounted and called in memory. */
async function withApp(fn: (base: string, lines: Line[]) => Promise<void>) {
	const { lines, logger } = capture()
	const api = new Hono()
	api.get('/api/web/thing', async (c) => {
		await new Promise((r) => setTimeout(r, 5))
		log().info({ thing: 1 }, 'api handler line')
		return c.json({ ok: true })
	})
	api.get('/api/web/broken', () => {
		throw new Error('the handler broke')
	})
	api.onError((error, c) => {
		log().error({ err: error }, 'api error')
		return c.json({ error: 'Internal Server Error' }, 500)
	})
	const app = express()
	app.use(requestId)
	app.use(...requestLogging(logger))
	const listener = getRequestListener(api.fetch)
	app.use((req, res, next) => (req.path.startsWith('/api/') ? listener(req, res) : next()))
	// A "loader": awaits, logs, then calls the API in memory as the web app's client does.
	app.get('/page', async (_req, res) => {
		await new Promise((r) => setTimeout(r, 5))
		log().info('loader line')
		const answer = await api.fetch(new Request('http://scm.internal/api/web/thing'))
		res.json(await answer.json())
	})
	app.get('/healthz', (_req, res) => res.json({ status: 'ok' }))
	const server = app.listen(0, '127.0.0.1')
	await new Promise((r) => server.once('listening', r))
	try {
		await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines)
	} finally {
		server.close()
	}
}

/** pino-http writes its line when the response has finished: wait for it. */
const settle = () => new Promise((r) => setTimeout(r, 50))

describe('request logs', () => {
	it('every line a request causes carries its id: the loader’s, the API’s in memory and over HTTP, and the request line', async () => {
		await withApp(async (base, lines) => {
			const res = await fetch(`${base}/page`, { headers: { 'X-Request-Id': 'req-abc-123' } })
			expect(res.headers.get('x-request-id')).toBe('req-abc-123')
			await fetch(`${base}/api/web/thing`, { headers: { 'X-Request-Id': 'req-over-http' } })
			// Two requests at once keep their own ids.
			await Promise.all(
				['req-one', 'req-two'].map((id) =>
					fetch(`${base}/page`, { headers: { 'X-Request-Id': id } }),
				),
			)
			await settle()
			const byMsg = (msg: string) =>
				lines
					.filter((l) => l.msg === msg)
					.map((l) => l.requestId)
					.sort()
			expect(byMsg('loader line')).toEqual(['req-abc-123', 'req-one', 'req-two'])
			expect(byMsg('api handler line')).toEqual([
				'req-abc-123',
				'req-one',
				'req-over-http',
				'req-two',
			])
			expect(byMsg('request')).toEqual(['req-abc-123', 'req-one', 'req-over-http', 'req-two'])
			const request = lines.find((l) => l.msg === 'request' && l.requestId === 'req-abc-123')!
			expect(request).toMatchObject({
				level: 'info',
				req: { method: 'GET', url: '/page' },
				res: { status: 200 },
				ms: expect.any(Number),
				time: expect.any(String),
			})
		})
	})

	it('a request without an id gets one, and the probes are not logged', async () => {
		await withApp(async (base, lines) => {
			const res = await fetch(`${base}/page`)
			await fetch(`${base}/healthz`)
			await settle()
			const id = res.headers.get('x-request-id')!
			expect(id).toMatch(/^[0-9a-f-]{36}$/)
			expect(
				lines
					.filter((l) => l.requestId === id)
					.map((l) => l.msg)
					.sort(),
			).toEqual(['api handler line', 'loader line', 'request'])
			expect(lines.some((l) => (l.req as { url?: string } | undefined)?.url === '/healthz')).toBe(
				false,
			)
		})
	})

	it('an error is logged with its stack, under the request’s id, and the request line is an error', async () => {
		await withApp(async (base, lines) => {
			await fetch(`${base}/api/web/broken`, { headers: { 'X-Request-Id': 'req-broken' } })
			await settle()
			const error = lines.find((l) => l.msg === 'api error')!
			expect(error).toMatchObject({
				level: 'error',
				requestId: 'req-broken',
				err: { type: 'Error', message: 'the handler broke' },
			})
			expect((error.err as { stack: string }).stack).toMatch(/Error: the handler broke\n\s+at /)
			expect(lines.find((l) => l.msg === 'request failed')).toMatchObject({
				level: 'error',
				requestId: 'req-broken',
				res: { status: 500 },
			})
		})
	})

	it('never writes a token, a cookie, an Authorization header or a password', async () => {
		await withApp(async (base, lines) => {
			await fetch(`${base}/page?token=guest-token-value&code=oauth-code-value&supply_chain=acme`, {
				headers: {
					'X-Request-Id': 'req-secret',
					Authorization: 'Bearer bearer-token-value',
					Cookie: 'wm_session=cookie-value',
				},
			})
			await settle()
			const request = lines.find((l) => l.msg === 'request' && l.requestId === 'req-secret')!
			expect((request.req as { url: string }).url).toBe(
				'/page?token=%5BRedacted%5D&code=%5BRedacted%5D&supply_chain=acme',
			)
			expect(JSON.stringify(lines)).not.toMatch(
				/guest-token-value|oauth-code-value|bearer-token-value|cookie-value/,
			)
		})
		const { lines, logger } = capture()
		logger.info(
			{
				token: 'token-value',
				accessToken: 'access-value',
				user: { password: 'password-value', email: 'olivia@acme.test' },
				req: { headers: { authorization: 'Bearer header-value', cookie: 'c=cookie-value' } },
			},
			'with secrets',
		)
		const line = lines[0]!
		expect(line).toMatchObject({
			token: '[Redacted]',
			accessToken: '[Redacted]',
			user: { password: '[Redacted]', email: 'olivia@acme.test' },
			req: { headers: { authorization: '[Redacted]', cookie: '[Redacted]' } },
		})
		expect(JSON.stringify(line)).not.toMatch(
			/token-value|access-value|password-value|header-value|cookie-value/,
		)
	})

	it('redacts only the secret values of a URL', () => {
		expect(redactUrl('/guest/1/timeline?type=restricted&token=abc&email=a%40b.c')).toBe(
			'/guest/1/timeline?type=restricted&token=%5BRedacted%5D&email=a%40b.c',
		)
		expect(redactUrl('/dashboard?page=2')).toBe('/dashboard?page=2')
		expect(redactUrl('/authorize?code=c&state=s')).toBe(
			'/authorize?code=%5BRedacted%5D&state=%5BRedacted%5D',
		)
	})
})
