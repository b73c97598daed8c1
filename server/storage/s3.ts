import { AwsClient } from 'aws4fetch'
import { createHash } from 'node:crypto'
import { assertKey, type FileStorage, type StorageBody } from './types'

export interface S3Options {
	/** e.g. https://s3.eu-west-1.amazonaws.com, or a MinIO / R2 / Ceph address. */
	endpoint: string
	bucket: string
	region: string
	accessKeyId: string
	secretAccessKey: string
	/** Path-style URLs (endpoint/bucket/key), as MinIO and most self-hosted stores want; else virtual-host style. */
	forcePathStyle: boolean
	/** For tests: the fetch the signed requests go through. */
	fetch?: typeof fetch
}

/**
 * S3-compatible object storage, signed with AWS Signature V4 (aws4fetch).
 * PUT of a single object is atomic on S3: a failed upload leaves no object.
 * A PUT needs its length up front, so a streamed body (an upload as it arrives) is
 * gathered first — at most one file at a time, bounded by the upload limit (10 MB;
 * the stream errors past it, and then nothing is sent) — and its hash signed.
 * Local storage writes the stream to disk as it comes instead.
 */
export function createS3Storage(opts: S3Options): FileStorage {
	const client = new AwsClient({
		accessKeyId: opts.accessKeyId,
		secretAccessKey: opts.secretAccessKey,
		service: 's3',
		region: opts.region,
		retries: 2,
	})
	const send = opts.fetch ?? fetch
	const endpoint = new URL(opts.endpoint)

	function urlOf(key: string): string {
		const path = assertKey(key).split('/').map(encodeURIComponent).join('/')
		if (opts.forcePathStyle)
			return new URL(
				`${endpoint.pathname.replace(/\/$/, '')}/${opts.bucket}/${path}`,
				endpoint,
			).toString()
		const host = new URL(endpoint)
		host.hostname = `${opts.bucket}.${endpoint.hostname}`
		return new URL(`${endpoint.pathname.replace(/\/$/, '')}/${path}`, host).toString()
	}

	async function call(method: string, key: string, init: RequestInit = {}): Promise<Response> {
		const signed = await client.sign(urlOf(key), { method, ...init })
		return send(signed)
	}

	async function failed(response: Response, what: string): Promise<Error> {
		const text = await response.text().catch(() => '')
		const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1]
		return new Error(`S3 ${what} failed: ${response.status}${code ? ` ${code}` : ''}`)
	}

	return {
		kind: 's3',
		async put(key, body: StorageBody, { contentType }) {
			const bytes = body instanceof Uint8Array ? body : await collect(body)
			const response = await call('PUT', key, {
				body: bytes as Uint8Array<ArrayBuffer>,
				headers: {
					'Content-Type': contentType,
					'Content-Length': String(bytes.byteLength),
					// aws4fetch would send UNSIGNED-PAYLOAD to s3: sign the bytes' hash so the store checks them.
					'X-Amz-Content-Sha256': createHash('sha256').update(bytes).digest('hex'),
				},
			})
			if (!response.ok) throw await failed(response, `PUT ${key}`)
			await response.body?.cancel()
		},
		async get(key) {
			const response = await call('GET', key)
			if (response.status === 404) {
				await response.body?.cancel()
				return null
			}
			if (!response.ok || !response.body) throw await failed(response, `GET ${key}`)
			const length = response.headers.get('Content-Length')
			return { body: response.body, size: length === null ? null : Number(length) }
		},
		async delete(key) {
			const response = await call('DELETE', key)
			// S3 answers 204 whether or not the key existed.
			if (!response.ok && response.status !== 404) throw await failed(response, `DELETE ${key}`)
			await response.body?.cancel()
		},
		async exists(key) {
			const response = await call('HEAD', key)
			await response.body?.cancel()
			if (response.status === 404) return false
			if (!response.ok) throw new Error(`S3 HEAD ${key} failed: ${response.status}`)
			return true
		},
	}
}

/** A stream's bytes; a failing stream rejects with its own error (e.g. a file over its limit). */
async function collect(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
	const pieces: Uint8Array[] = []
	const reader = body.getReader()
	for (let read = await reader.read(); !read.done; read = await reader.read())
		pieces.push(read.value)
	return Buffer.concat(pieces)
}
