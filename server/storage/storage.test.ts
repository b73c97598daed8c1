import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalStorage } from './local'
import { createS3Storage } from './s3'
import type { FileStorage } from './types'

/** docs/architecture.md rule 7 "files": a folder under DATA_DIR by default, S3-compatible when configured. */

const text = (s: string) => new TextEncoder().encode(s)
const read = async (storage: FileStorage, key: string) => {
	const file = await storage.get(key)
	return file ? Buffer.from(await new Response(file.body).arrayBuffer()).toString() : null
}

describe('local storage', () => {
	let root: string
	let storage: FileStorage
	beforeEach(async () => {
		root = await mkdtemp(path.join(tmpdir(), 'waymark-storage-'))
		storage = createLocalStorage(root)
	})
	afterEach(async () => {
		await rm(root, { recursive: true, force: true })
	})

	it('puts bytes and streams, reads them back with their size, deletes them', async () => {
		await storage.put('documents/org/order/a', text('hello'), { contentType: 'text/plain' })
		await storage.put('documents/org/order/b', new Response('streamed').body!, {
			contentType: 'text/plain',
		})
		expect(await read(storage, 'documents/org/order/a')).toBe('hello')
		expect(await read(storage, 'documents/org/order/b')).toBe('streamed')
		expect((await storage.get('documents/org/order/a'))?.size).toBe(5)
		expect(await storage.exists('documents/org/order/a')).toBe(true)
		await storage.delete('documents/org/order/a')
		await storage.delete('documents/org/order/never-there')
		expect(await storage.get('documents/org/order/a')).toBeNull()
		expect(await storage.exists('documents/org/order/a')).toBe(false)
	})

	it('refuses keys that could leave its folder', async () => {
		for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '']) {
			await expect(storage.put(key, text('x'), { contentType: 'text/plain' })).rejects.toThrow(
				'Invalid storage key',
			)
		}
	})

	it('leaves nothing when a stream fails half-way', async () => {
		const failing = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(text('half'))
				controller.error(new Error('connection reset'))
			},
		})
		await expect(storage.put('photos/x', failing, { contentType: 'image/png' })).rejects.toThrow(
			'connection reset',
		)
		expect(await readdir(path.join(root, 'photos'))).toEqual([])
	})
})

describe('S3 storage (aws4fetch, SigV4) against a fake endpoint', () => {
	function fake() {
		const objects = new Map<string, Uint8Array>()
		const seen: Request[] = []
		const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
			const request = new Request(input, init)
			seen.push(request.clone())
			const key = new URL(request.url).pathname
			if (request.method === 'PUT') {
				objects.set(key, new Uint8Array(await request.arrayBuffer()))
				return new Response(null, { status: 200 })
			}
			const found = objects.get(key)
			if (request.method === 'DELETE') {
				objects.delete(key)
				return new Response(null, { status: 204 })
			}
			if (!found) return new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 })
			return new Response(request.method === 'HEAD' ? null : (found as Uint8Array<ArrayBuffer>), {
				headers: { 'Content-Length': String(found.byteLength) },
			})
		}
		return { objects, seen, fetch: fetch as typeof globalThis.fetch }
	}
	const options = {
		endpoint: 'http://minio.test:9000',
		bucket: 'waymark',
		region: 'eu-west-1',
		accessKeyId: 'AKIDEXAMPLE',
		secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
	}

	it('signs a path-style PUT with the payload hash, then reads and deletes the object', async () => {
		const s3 = fake()
		const storage = createS3Storage({ ...options, forcePathStyle: true, fetch: s3.fetch })
		const bytes = text('%PDF-1.4 test')
		await storage.put('documents/org/order/id', bytes, { contentType: 'application/pdf' })
		const put = s3.seen[0]!
		expect(put.method).toBe('PUT')
		expect(put.url).toBe('http://minio.test:9000/waymark/documents/org/order/id')
		expect(put.headers.get('content-type')).toBe('application/pdf')
		expect(put.headers.get('x-amz-content-sha256')).toBe(
			createHash('sha256').update(bytes).digest('hex'),
		)
		expect(put.headers.get('x-amz-date')).toMatch(/^\d{8}T\d{6}Z$/)
		expect(put.headers.get('authorization')).toMatch(
			/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
		)
		expect(await read(storage, 'documents/org/order/id')).toBe('%PDF-1.4 test')
		expect(await storage.exists('documents/org/order/id')).toBe(true)
		await storage.delete('documents/org/order/id')
		expect(await storage.get('documents/org/order/id')).toBeNull()
		expect(await storage.exists('documents/org/order/id')).toBe(false)
	})

	it('uses virtual-host URLs unless path style is asked for, and reports a refused PUT', async () => {
		const storage = createS3Storage({
			...options,
			forcePathStyle: false,
			fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
				const request = new Request(input, init)
				expect(request.url).toBe('http://waymark.minio.test:9000/photos/a')
				return new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 })
			}) as typeof fetch,
		})
		await expect(storage.put('photos/a', text('x'), { contentType: 'image/png' })).rejects.toThrow(
			'S3 PUT photos/a failed: 403 AccessDenied',
		)
	})

	it('sends a streamed upload as one signed PUT, and sends nothing when the stream fails (an upload over its limit)', async () => {
		const s3 = fake()
		const storage = createS3Storage({ ...options, forcePathStyle: true, fetch: s3.fetch })
		await storage.put('photos/streamed', new Response('part one, part two').body!, {
			contentType: 'image/png',
		})
		expect(Buffer.from(s3.objects.get('/waymark/photos/streamed')!).toString()).toBe(
			'part one, part two',
		)
		const tooLarge = new Error('File over the limit')
		const failing = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(text('half'))
				controller.error(tooLarge)
			},
		})
		await expect(storage.put('photos/refused', failing, { contentType: 'image/png' })).rejects.toBe(
			tooLarge,
		)
		expect(s3.seen).toHaveLength(1)
	})
})
