import { describe, expect, it } from 'vitest'
import { readForm, readUploadForm } from './form.server'

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
	new Request('http://waymark.test/guest/1/timeline', {
		method: 'POST',
		body,
		headers,
		duplex: 'half',
	} as RequestInit)

async function status(promise: Promise<unknown>): Promise<number | null> {
	try {
		await promise
		return null
	} catch (thrown) {
		return thrown instanceof Response ? thrown.status : -1
	}
}

/** A body that declares no length (chunked), `size` bytes in 64 KB chunks. */
function chunked(size: number): ReadableStream<Uint8Array> {
	let left = size
	return new ReadableStream({
		pull(controller) {
			if (left <= 0) return controller.close()
			const n = Math.min(left, 64 * 1024)
			left -= n
			controller.enqueue(new Uint8Array(n).fill(97))
		},
	})
}

describe('readForm', () => {
	it('reads an ordinary form and a multipart one', async () => {
		const form = await readForm(
			post(new URLSearchParams({ intent: 'guest-notification', notif_type: 'delivered' })),
		)
		expect(form.get('notif_type')).toBe('delivered')
		const multipart = new FormData()
		multipart.set('intent', 'upload-photos')
		multipart.set('file[]', new File(['png'], 'a.png', { type: 'image/png' }))
		const read = await readForm(post(multipart), 1024)
		expect((read.get('file[]') as File).name).toBe('a.png')
	})

	it('reads a body that is not a form as an empty form, for the action to refuse with its message (it used to answer 500)', async () => {
		expect([
			...(await readForm(
				post('{"notif_type":"delivered"}', { 'Content-Type': 'application/json' }),
			)),
		]).toEqual([])
		expect([
			...(await readForm(
				post('--x\r\nbroken', { 'Content-Type': 'multipart/form-data; boundary=x' }),
			)),
		]).toEqual([])
		expect([...(await readForm(new Request('http://waymark.test/', { method: 'POST' })))]).toEqual(
			[],
		)
	})

	it('reads a body declared over the cap to its end, keeping none of it, before answering 413 (a browser reads no answer before it has sent the body)', async () => {
		let pulled = 0
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (pulled >= 4 * 1024 * 1024) return controller.close()
				pulled += 64 * 1024
				controller.enqueue(new Uint8Array(64 * 1024))
			},
		})
		const request = post(body, {
			'Content-Type': 'multipart/form-data; boundary=x',
			'Content-Length': String(4 * 1024 * 1024),
		})
		expect(await status(readForm(request, 1024 * 1024))).toBe(413)
		expect(pulled).toBe(4 * 1024 * 1024)
	})

	it('answers 413 before buffering a body over the cap, declared or chunked', async () => {
		expect(
			await status(
				readForm(
					post('a=' + 'x'.repeat(2000), { 'Content-Type': 'application/x-www-form-urlencoded' }),
					1000,
				),
			),
		).toBe(413)
		expect(
			await status(
				readForm(
					post(chunked(5 * 1024 * 1024), { 'Content-Type': 'application/x-www-form-urlencoded' }),
					1024 * 1024,
				),
			),
		).toBe(413)
		expect(
			await status(
				readForm(
					post(chunked(1000), { 'Content-Type': 'application/x-www-form-urlencoded' }),
					1024 * 1024,
				),
			),
		).toBeNull()
	})
})

describe('readUploadForm (uploads stream)', () => {
	it('spools each file to disk as it arrives, keeps at most the limit + 1 byte of it, and cleans up', async () => {
		const form = new FormData()
		form.set('intent', 'upload-photos')
		form.append('file[]', new File(['a'.repeat(100)], 'small.png', { type: 'image/png' }))
		form.append('file[]', new File(['b'.repeat(5000)], 'large.png', { type: 'image/png' }))
		const { form: read, cleanup } = await readUploadForm(post(form), 1000)
		expect(read.get('intent')).toBe('upload-photos')
		const [small, large] = read.getAll('file[]') as File[]
		expect([small!.name, small!.type, await small!.text()]).toEqual([
			'small.png',
			'image/png',
			'a'.repeat(100),
		])
		// Enough for the API to refuse it by its own size message; the rest was read and dropped.
		expect([large!.name, large!.size]).toEqual(['large.png', 1001])
		await cleanup()
		await expect(small!.text()).rejects.toThrow()
	})

	it('reads an ordinary form at 64 KB, a broken multipart as an empty form, and answers 413 over the caps', async () => {
		const plain = await readUploadForm(post(new URLSearchParams({ intent: 'add-comment' })), 1000)
		expect(plain.form.get('intent')).toBe('add-comment')
		expect(
			await status(
				readUploadForm(post(new URLSearchParams({ body: 'x'.repeat(70 * 1024) })), 1000),
			),
		).toBe(413)
		const broken = await readUploadForm(
			post('--x\r\nbroken', { 'Content-Type': 'multipart/form-data; boundary=x' }),
			1000,
		)
		expect([...broken.form]).toEqual([])
		const fields = new FormData()
		fields.set('notes', 'n'.repeat(70 * 1024))
		expect(await status(readUploadForm(post(fields), 1000))).toBe(413)
		const body = new FormData()
		body.append('file[]', new File(['c'.repeat(3000)], 'c.png'))
		expect(await status(readUploadForm(post(body), 1000, 2000))).toBe(413)
	})
})
