import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { AddressRefused, guardedLookup, refusalOf, type AddressPolicy } from './address-guard'

/**
 * One webhook POST, signed as the Standard Webhooks specification says: headers webhook-id,
 * webhook-timestamp (seconds) and webhook-signature (`v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` with the whsec_ secret), through the `standardwebhooks` package. The
 * destination is checked by ./address-guard.ts (IP literals here, names in the socket's
 * lookup); redirects are not followed (a 3xx is a failed attempt: following one would let a
 * public receiver send us on to a private address). At most TIMEOUT_MS; the first characters
 * of the answer are kept for the log.
 */
export const TIMEOUT_MS = 10_000
const EXCERPT_CHARS = 500

export interface SignedRequest {
	url: string
	secret: string
	messageId: string
	timestamp: Date
	body: string
}

export interface AttemptResult {
	statusCode: number | null
	error: string | null
	durationMs: number
	excerpt: string | null
	/** The address itself was refused (no retry can help). */
	refused: boolean
}

export function signedHeaders(req: SignedRequest): Record<string, string> {
	const signature = new Webhook(req.secret).sign(req.messageId, req.timestamp, req.body)
	return {
		'content-type': 'application/json',
		'user-agent': 'Waymark-Webhooks/1.0',
		'webhook-id': req.messageId,
		'webhook-timestamp': String(Math.floor(req.timestamp.getTime() / 1000)),
		'webhook-signature': signature,
	}
}

export async function postWebhook(
	policy: AddressPolicy,
	req: SignedRequest,
	timeoutMs = TIMEOUT_MS,
): Promise<AttemptResult> {
	const started = performance.now()
	const took = () => Math.round(performance.now() - started)
	let url: URL
	try {
		url = new URL(req.url)
	} catch {
		return { statusCode: null, error: 'not a URL', durationMs: 0, excerpt: null, refused: true }
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return {
			statusCode: null,
			error: `${url.protocol} is not http or https`,
			durationMs: 0,
			excerpt: null,
			refused: true,
		}
	}
	const host = url.hostname.replace(/^\[|\]$/g, '')
	if (isIP(host)) {
		// A literal address makes no lookup: check it here.
		const why = refusalOf(policy, host)
		if (why)
			return {
				statusCode: null,
				error: `${host} is ${why}`,
				durationMs: 0,
				excerpt: null,
				refused: true,
			}
	}
	const headers = signedHeaders(req)
	const client = url.protocol === 'https:' ? https : http
	return new Promise<AttemptResult>((resolve) => {
		let settled = false
		const done = (r: Omit<AttemptResult, 'durationMs'>) => {
			if (settled) return
			settled = true
			resolve({ ...r, durationMs: took() })
		}
		const request = client.request(
			url,
			{
				method: 'POST',
				headers: { ...headers, 'content-length': String(Buffer.byteLength(req.body)) },
				lookup: guardedLookup(policy) as unknown as http.RequestOptions['lookup'],
				timeout: timeoutMs,
				agent: false,
			},
			(res) => {
				let text = ''
				res.setEncoding('utf8')
				res.on('data', (chunk: string) => {
					if (text.length < EXCERPT_CHARS) text += chunk
				})
				res.on('end', () => {
					const code = res.statusCode ?? 0
					const redirect = code >= 300 && code < 400
					done({
						statusCode: code,
						error: redirect ? `redirect to ${res.headers.location ?? '?'} not followed` : null,
						excerpt: text.slice(0, EXCERPT_CHARS) || null,
						refused: false,
					})
				})
				res.on('error', (e) =>
					done({
						statusCode: res.statusCode ?? null,
						error: e.message,
						excerpt: null,
						refused: false,
					}),
				)
			},
		)
		request.on('timeout', () =>
			request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
		)
		request.on('error', (e) =>
			done({
				statusCode: null,
				error: e.message,
				excerpt: null,
				refused: e instanceof AddressRefused,
			}),
		)
		request.end(req.body)
	})
}

export const succeeded = (r: AttemptResult) =>
	r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300
