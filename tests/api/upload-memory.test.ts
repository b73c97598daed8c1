import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import {
	DocumentTypesResponse,
	PhotosCreatedResponse,
	PhotosResponse,
} from '../../server/files/files.contract'
import {
	FILE_MESSAGES,
	MAX_DOCUMENT_BYTES,
	MAX_PHOTO_BYTES,
	MAX_PHOTOS_PER_UPLOAD,
} from '../../server/shared/file-rules'
import { tinyPng } from '../../server/db/seed/files'

/**
 * "Uploads stream": "a 100 MB upload keeps the server's RSS growth under 30 MB". The server
 * runs in a process of its own (./upload-memory.server.ts: the API on loopback HTTP, and the
 * web tier's upload path) that samples its own RSS; the bodies are made as they are sent, from
 * one reused 64 KB buffer and with no Content-Length (chunked), so only the server could hold them.
 */

const MB = 1024 * 1024
const RSS_BUDGET = 30 * MB
let server: ChildProcess
let base: string
let olivia: string
let so1008: string
let uploadsDir: string
let invoiceType: string
beforeAll(async () => {
	server = spawn(
		process.execPath,
		['--import', 'tsx', path.join(import.meta.dirname, 'upload-memory.server.ts')],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	)
	const ready = await new Promise<{
		url: string
		token: string
		order: string
		uploadsDir: string
	}>((resolve, reject) => {
		let out = ''
		server.stdout!.on('data', (chunk: Buffer) => {
			out += chunk.toString()
			const line = /READY (\{.*\})/.exec(out)
			if (line) resolve(JSON.parse(line[1]!))
		})
		server.on('exit', (code) => reject(new Error(`the upload server exited (${code})`)))
	})
	;({ url: base, token: olivia, order: so1008, uploadsDir } = ready)
	const types = DocumentTypesResponse.parse(
		await (await fetch(`${base}/api/web/document_types`, { headers: auth() })).json(),
	).document_types
	invoiceType = types.find((t) => t.code === 'COMMERCIAL_INVOICE')!.id
}, 120_000)
afterAll(async () => {
	if (!server || server.exitCode !== null) return
	const exited = new Promise((resolve) => server.on('exit', resolve))
	server.kill('SIGTERM')
	await exited
})

const auth = () => ({ Authorization: `Bearer ${olivia}`, 'X-Supply-Chain': 'acme' })

const PAD = new Uint8Array(64 * 1024)
const encoder = new TextEncoder()

/** A multipart body of text fields and files (`head` then zeros up to `size`), produced as it is read. */
function multipart(
	boundary: string,
	fields: Record<string, string>,
	files: { field: string; name: string; head: Uint8Array; size: number }[],
) {
	const pieces: (() => Iterable<Uint8Array>)[] = []
	for (const [name, value] of Object.entries(fields)) {
		pieces.push(() => [
			encoder.encode(
				`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
			),
		])
	}
	for (const file of files) {
		pieces.push(function* () {
			yield encoder.encode(
				`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
			)
			yield file.head
			for (let left = file.size - file.head.byteLength; left > 0; left -= PAD.byteLength)
				yield PAD.subarray(0, Math.min(left, PAD.byteLength))
			yield encoder.encode('\r\n')
		})
	}
	pieces.push(() => [encoder.encode(`--${boundary}--\r\n`)])
	const all = (function* () {
		for (const piece of pieces) yield* piece()
	})()
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			const next = all.next()
			if (next.done) controller.close()
			else controller.enqueue(next.value)
		},
	})
}

/** Posts a body produced as it is sent (chunked: no Content-Length) over loopback HTTP. */
async function post(pathname: string, body: ReadableStream<Uint8Array>, boundary: string) {
	const res = await fetch(`${base}${pathname}`, {
		method: 'POST',
		body,
		headers: { ...auth(), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
		duplex: 'half',
	} as RequestInit)
	return { status: res.status, body: await res.json() }
}

/** The server's peak RSS above where it was when `work` began. */
async function rssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
	const start = (await (await fetch(`${base}/rss?reset=1`)).json()) as { now: number }
	const result = await work()
	const end = (await (await fetch(`${base}/rss`)).json()) as { peak: number }
	return { result, growth: end.peak - start.now }
}

/** How many files are stored, and their bytes together (seed files aside). */
async function stored(): Promise<{ files: number; bytes: number }> {
	const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true })
	let files = 0
	let bytes = 0
	for (const e of entries) {
		if (!e.isFile() || e.parentPath.includes('seed-files')) continue
		files++
		bytes += (await stat(path.join(e.parentPath, e.name))).size
	}
	return { files, bytes }
}

const png = tinyPng(4, 4, [1, 2, 3], [4, 5, 6])
const photoCount = async () =>
	PhotosResponse.parse(
		await (
			await fetch(`${base}/api/web/ship_sets/${so1008}/photos?limit=100`, { headers: auth() })
		).json(),
	).total_count

describe('a 100 MB upload, memory flat', () => {
	it('warms up: one small photo and one small document store as usual, through the API and through the web tier', async () => {
		expect(
			(
				await post(
					`/api/web/ship_sets/${so1008}/photos`,
					multipart('w', {}, [{ field: 'file[]', name: 'warm.png', head: png, size: 64 * 1024 }]),
					'w',
				)
			).status,
		).toBe(201)
		// The document route's first use loads its own code; that is not what the 100 MB case measures.
		const doc = multipart('w', { 'documents[1][document_type_id]': invoiceType }, [
			{
				field: 'documents[1][file]',
				name: 'warm.pdf',
				head: encoder.encode('%PDF-1.4\n'),
				size: 64 * 1024,
			},
		])
		expect((await post(`/api/web/ship_sets/${so1008}/documents`, doc, 'w')).status).toBeLessThan(
			300,
		)
		// And one refused 20 MB document: the garbage collector sizes its young space to the stream of
		// chunks once (about the whole budget's RSS on a small process); what is measured next is
		// what a 100 MB upload holds beyond that — a server that kept the file would grow by ~100 MB.
		const big = multipart('w', { 'documents[1][document_type_id]': invoiceType }, [
			{
				field: 'documents[1][file]',
				name: 'warm.pdf',
				head: encoder.encode('%PDF-1.4\n'),
				size: 20 * MB,
			},
		])
		expect((await post(`/api/web/ship_sets/${so1008}/documents`, big, 'w')).status).toBe(413)
		expect(
			(
				await post(
					'/web/photos',
					multipart('w', { intent: 'upload-photos' }, [
						{ field: 'file[]', name: 'warm.png', head: png, size: 64 * 1024 },
					]),
					'w',
				)
			).status,
		).toBe(201)
	})

	it('refuses a 100 MB document with the size message, stores nothing and never holds it', async () => {
		const before = await stored()
		const { result, growth } = await rssGrowth(() =>
			post(
				`/api/web/ship_sets/${so1008}/documents`,
				multipart('d', { 'documents[1][document_type_id]': invoiceType }, [
					{
						field: 'documents[1][file]',
						name: 'huge.pdf',
						head: encoder.encode('%PDF-1.4\n'),
						size: 100 * MB,
					},
				]),
				'd',
			),
		)
		expect(result).toEqual({
			status: 413,
			body: { error: FILE_MESSAGES.tooLarge(MAX_DOCUMENT_BYTES) },
		})
		expect(await stored()).toEqual(before)
		expect(growth).toBeLessThan(RSS_BUDGET)
	})

	it('stores 10 photos of nearly 10 MB (100 MB in all) as they arrive, within the same budget', async () => {
		const before = await photoCount()
		const disk = await stored()
		const size = MAX_PHOTO_BYTES - 1024
		const batch = Array.from({ length: MAX_PHOTOS_PER_UPLOAD }, (_, i) => ({
			field: 'file[]',
			name: `big-${i}.png`,
			head: png,
			size,
		}))
		const { result, growth } = await rssGrowth(() =>
			post(`/api/web/ship_sets/${so1008}/photos`, multipart('p', {}, batch), 'p'),
		)
		expect(result.status).toBe(201)
		const created = PhotosCreatedResponse.parse(result.body).photos
		expect(created).toHaveLength(MAX_PHOTOS_PER_UPLOAD)
		expect(await photoCount()).toBe(before + MAX_PHOTOS_PER_UPLOAD)
		expect(await stored()).toEqual({
			files: disk.files + MAX_PHOTOS_PER_UPLOAD,
			bytes: disk.bytes + MAX_PHOTOS_PER_UPLOAD * size,
		})
		expect(growth).toBeLessThan(RSS_BUDGET)
	})

	it('the web tier: spools the browser’s 100 MB to disk as it arrives and streams it from disk to the API in memory', async () => {
		const before = await photoCount()
		const size = MAX_PHOTO_BYTES - 1024
		const batch = Array.from({ length: MAX_PHOTOS_PER_UPLOAD }, (_, i) => ({
			field: 'file[]',
			name: `web-${i}.png`,
			head: png,
			size,
		}))
		const { result, growth } = await rssGrowth(() =>
			post('/web/photos', multipart('b', { intent: 'upload-photos' }, batch), 'b'),
		)
		expect(result.status).toBe(201)
		expect(await photoCount()).toBe(before + MAX_PHOTOS_PER_UPLOAD)
		expect(growth).toBeLessThan(RSS_BUDGET)
	})
})
