import { describe, expect, it } from 'vitest'
import {
	FileTooLarge,
	FormTooLarge,
	MalformedMultipart,
	peek,
	readMultipart,
	TooManyFiles,
	type FilePart,
} from './multipart'

/** "Uploads stream": multipart read as it arrives, files handed on as streams. */

const limits = { maxFieldBytes: 1024, maxFileBytes: 1000, maxFiles: 3 }

/** A real browser-shaped multipart body (undici's own FormData encoder), as bytes. */
async function encode(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
	const response = new Response(form)
	return {
		bytes: new Uint8Array(await response.arrayBuffer()),
		type: response.headers.get('content-type')!,
	}
}

/** The bytes as a request body cut into pieces of `size` bytes (1: every boundary split every way). */
function request(bytes: Uint8Array, type: string, size = 64 * 1024): Request {
	let at = 0
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (at >= bytes.byteLength) return controller.close()
			controller.enqueue(bytes.slice(at, at + size))
			at += size
		},
	})
	return new Request('http://waymark.test/', {
		method: 'POST',
		body,
		headers: { 'Content-Type': type },
		duplex: 'half',
	} as RequestInit)
}

const text = async (stream: ReadableStream<Uint8Array>) =>
	Buffer.from(await new Response(stream).arrayBuffer()).toString()

/** Reads every file whole (the test's storage), noting name, size and bytes. */
function collector() {
	const files: {
		field: string
		filename: string
		contentType: string
		body: string
		size: number
	}[] = []
	const onFile = async (part: FilePart) => {
		const body = await text(part.stream)
		files.push({
			field: part.field,
			filename: part.filename,
			contentType: part.contentType,
			body,
			size: part.size,
		})
		return `stored:${part.filename}`
	}
	return { files, onFile }
}

describe('readMultipart', () => {
	const form = new FormData()
	form.append('intent', 'upload-photos')
	form.append(
		'file[]',
		new File(['first photo bytes\r\n--not a boundary'], 'dock.png', { type: 'image/png' }),
	)
	form.append('note', 'héllo "quoted"\r\nsecond line')
	form.append('file[]', new File(['x'.repeat(999)], 'seal.png', { type: 'image/png' }))

	for (const size of [1, 7, 64 * 1024]) {
		it(`reads fields and files alike whatever the chunking (${size}-byte pieces)`, async () => {
			const { bytes, type } = await encode(form)
			const { files, onFile } = collector()
			const read = await readMultipart(request(bytes, type, size), limits, onFile)
			expect([...read.entries()]).toEqual([
				['intent', 'upload-photos'],
				['file[]', 'stored:dock.png'],
				['note', 'héllo "quoted"\r\nsecond line'],
				['file[]', 'stored:seal.png'],
			])
			expect(files).toEqual([
				{
					field: 'file[]',
					filename: 'dock.png',
					contentType: 'image/png',
					body: 'first photo bytes\r\n--not a boundary',
					size: 35,
				},
				{
					field: 'file[]',
					filename: 'seal.png',
					contentType: 'image/png',
					body: 'x'.repeat(999),
					size: 999,
				},
			])
		})
	}

	it('errors a file’s stream past its limit, drops the rest of it and reads on', async () => {
		const big = new FormData()
		big.append('file[]', new File(['y'.repeat(5000)], 'huge.png'))
		big.append('file[]', new File(['ok'], 'small.png'))
		big.append('after', 'still read')
		const { bytes, type } = await encode(big)
		const seen: string[] = []
		const read = await readMultipart(request(bytes, type, 100), limits, async (part) => {
			try {
				await text(part.stream)
				seen.push(`${part.filename} stored`)
			} catch (error) {
				expect(error).toBeInstanceOf(FileTooLarge)
				seen.push(`${part.filename} refused after ${part.size} bytes`)
			}
			return null
		})
		expect(seen).toEqual([
			expect.stringMatching(/^huge\.png refused after 10\d\d bytes$/),
			'small.png stored',
		])
		expect(read.get('after')).toBe('still read')
	})

	it('reads a file input left empty (filename="", no bytes) as a file part', async () => {
		const raw =
			'--b\r\nContent-Disposition: form-data; name="file[]"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n'
		const { files, onFile } = collector()
		const read = await readMultipart(
			request(new TextEncoder().encode(raw), 'multipart/form-data; boundary=b'),
			limits,
			onFile,
		)
		expect(files).toEqual([
			{ field: 'file[]', filename: '', contentType: 'application/octet-stream', body: '', size: 0 },
		])
		expect(read.get('file[]')).toBe('stored:')
	})

	it('drops a file its handler does not read', async () => {
		const { bytes, type } = await encode(form)
		const read = await readMultipart(request(bytes, type, 3), limits, async () => null)
		expect([...read.keys()]).toEqual(['intent', 'note'])
	})

	it('refuses fields over their cap, too many files and a broken body', async () => {
		const fields = new FormData()
		fields.append('a', 'z'.repeat(600))
		fields.append('b', 'z'.repeat(600))
		const many = new FormData()
		for (const n of [1, 2, 3, 4]) many.append('file[]', new File(['p'], `${n}.png`))
		const encoded = await Promise.all([encode(fields), encode(many), encode(form)])
		const { onFile } = collector()
		await expect(
			readMultipart(request(encoded[0].bytes, encoded[0].type), limits, onFile),
		).rejects.toBeInstanceOf(FormTooLarge)
		await expect(
			readMultipart(request(encoded[1].bytes, encoded[1].type), limits, onFile),
		).rejects.toBeInstanceOf(TooManyFiles)
		const cut = encoded[2].bytes.slice(0, encoded[2].bytes.byteLength - 20)
		await expect(
			readMultipart(request(cut, encoded[2].type), limits, onFile),
		).rejects.toBeInstanceOf(MalformedMultipart)
		await expect(
			readMultipart(request(new TextEncoder().encode('{}'), 'application/json'), limits, onFile),
		).rejects.toBeInstanceOf(MalformedMultipart)
		const noBoundary = new TextEncoder().encode(
			'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
		)
		await expect(
			readMultipart(request(noBoundary, 'multipart/form-data'), limits, onFile),
		).rejects.toBeInstanceOf(MalformedMultipart)
	})

	it('a handler’s own failure ends the read with it', async () => {
		const { bytes, type } = await encode(form)
		await expect(
			readMultipart(request(bytes, type), limits, async () => {
				throw new Error('disk full')
			}),
		).rejects.toThrow('disk full')
	})
})

describe('peek', () => {
	it('gives the first bytes and the whole stream back', async () => {
		const source = new Response('abcdefghij'.repeat(3)).body!
		const { head, stream } = await peek(source, 12)
		expect(Buffer.from(head).toString()).toBe('abcdefghijab')
		expect(await text(stream)).toBe('abcdefghij'.repeat(3))
		const short = await peek(new Response('abc').body!, 12)
		expect(Buffer.from(short.head).toString()).toBe('abc')
		expect(await text(short.stream)).toBe('abc')
	})
})
