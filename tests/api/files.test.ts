import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, sql } from 'drizzle-orm'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import {
	DocumentCreatedResponse,
	DocumentTypesResponse,
	DocumentsResponse,
	PhotosCreatedResponse,
	PhotosResponse,
} from '../../server/files/files.contract'
import { FILE_MESSAGES, MAX_DOCUMENT_BYTES } from '../../server/shared/file-rules'
import { documents, historicalLogs, photos } from '../../server/db/schema'
import { SEED_DOCUMENTS, tinyPdf, tinyPng } from '../../server/db/seed/files'
import { issueGuestToken } from '../../server/sharing/guest-tokens'
import { createLogger, setRootLogger } from '../../server/log'
import { createHarness, GUEST_LINK_SECRET, type Harness } from './harness'

/** 002 §4 "Document upload", "Photo upload", §5 validation, §7 the documents and photos calls. */

let h: Harness
let olivia: string
let gary: string
let so1001: string
let so1008: string
let types: { id: string; name: string; code: string }[]
/** Run inside the storage backend's put, before the bytes are stored (to make it fail). */
let beforePut: (() => Promise<void>) | null = null
beforeAll(async () => {
	h = await createHarness({
		wrapStorage: (storage) => ({
			...storage,
			async put(key, body, opts) {
				await beforePut?.()
				await storage.put(key, body, opts)
			},
		}),
	})
	olivia = await h.tokenFor('olivia@acme.test')
	gary = await h.tokenFor('gary@globex.test')
	so1001 = await h.orderId('acme', 'SO-1001')
	so1008 = await h.orderId('acme', 'SO-1008')
	const res = await h.call('/api/web/document_types', { token: olivia, supplyChain: 'acme' })
	types = DocumentTypesResponse.parse(res.body).document_types
})
afterAll(async () => {
	await h?.close()
})

const typeId = (code: string) => {
	const t = types.find((x) => x.code === code)
	if (!t) throw new Error(`no document type ${code}`)
	return t.id
}
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)])
const PDF = tinyPdf('Bill of lading', ['Uploaded by the API test'])

function documentForm(
	file: { bytes: Uint8Array; name: string } | null,
	fields: Record<string, string> = {},
) {
	const form = new FormData()
	if (file)
		form.append('documents[1][file]', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name))
	for (const [k, v] of Object.entries(fields)) form.append(`documents[1][${k}]`, v)
	return form
}
const postDocument = (order: string, form: FormData, token = olivia, supplyChain = 'acme') =>
	h.call(`/api/web/ship_sets/${order}/documents`, {
		method: 'POST',
		token,
		supplyChain,
		body: form,
	})

async function download(url: string, token = olivia, supplyChain = 'acme') {
	const res = await h.api.fetch(
		new Request(new URL(url, 'http://scm.internal'), {
			headers: { Authorization: `Bearer ${token}`, 'X-Supply-Chain': supplyChain },
		}),
	)
	return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

async function counts(order: string) {
	const [[d], [p], [l]] = await Promise.all([
		h.db.select({ n: count() }).from(documents).where(eq(documents.shipSetId, order)),
		h.db.select({ n: count() }).from(photos).where(eq(photos.shipSetId, order)),
		h.db.select({ n: count() }).from(historicalLogs).where(eq(historicalLogs.shipSetId, order)),
	])
	return { documents: d?.n, photos: p?.n, logs: l?.n }
}
/** Every stored file under the harness's uploads folder (seed files aside). */
async function storedFiles(): Promise<string[]> {
	const entries = await readdir(h.uploadsDir, { recursive: true, withFileTypes: true })
	return entries
		.filter((e) => e.isFile() && !e.parentPath.includes('seed-files'))
		.map((e) => path.join(e.parentPath, e.name))
}

describe('GET documents, document types, photos', () => {
	it('lists SO-1001’s two documents with their type, 5 a page by default', async () => {
		const res = await h.call(`/api/web/ship_sets/${so1001}/documents`, {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(res.status).toBe(200)
		const body = DocumentsResponse.parse(res.body)
		expect(body.total_count).toBe(2)
		expect(body.documents.map((d) => d.file_file_name).sort()).toEqual(
			[SEED_DOCUMENTS.invoice.fileName, SEED_DOCUMENTS.packingList.fileName].sort(),
		)
		expect(body.documents[0]?.file_url).toMatch(
			new RegExp(`^/api/web/ship_sets/${so1001}/documents/.+/download$`),
		)
	})

	it('offers the document types, one of them OTHERS', () => {
		expect(types.map((t) => t.code)).toContain('OTHERS')
	})

	it('lists SO-1001’s two photos', async () => {
		const res = await h.call(`/api/web/ship_sets/${so1001}/photos`, {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(PhotosResponse.parse(res.body).total_count).toBe(2)
	})

	it('answers 404 to another tenant, exactly like an unknown order', async () => {
		for (const path of ['documents', 'photos']) {
			const other = await h.call(`/api/web/ship_sets/${so1001}/${path}`, {
				token: gary,
				supplyChain: 'globex',
			})
			const unknown = await h.call(
				`/api/web/ship_sets/00000000-0000-4000-8000-000000000000/${path}`,
				{ token: olivia, supplyChain: 'acme' },
			)
			expect([other.status, unknown.status]).toEqual([404, 404])
			expect(other.body).toEqual({ error: 'Order not found' })
		}
	})

	it('downloads a seeded document byte-identical, with its type and file name', async () => {
		const list = DocumentsResponse.parse(
			(
				await h.call(`/api/web/ship_sets/${so1001}/documents`, {
					token: olivia,
					supplyChain: 'acme',
				})
			).body,
		)
		const invoice = list.documents.find(
			(d) => d.file_file_name === SEED_DOCUMENTS.invoice.fileName,
		)!
		const res = await download(invoice.file_url)
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('application/pdf')
		expect(res.headers.get('content-disposition')).toContain(
			`attachment; filename="${SEED_DOCUMENTS.invoice.fileName}"`,
		)
		expect(res.bytes.equals(SEED_DOCUMENTS.invoice.bytes)).toBe(true)
		const inline = await download(`${invoice.file_url}?disposition=inline`)
		expect(inline.headers.get('content-disposition')).toMatch(/^inline;/)
		// Gary of globex gets nothing, whatever ids he sends.
		expect((await download(invoice.file_url, gary, 'globex')).status).toBe(404)
	})
})

describe('POST /api/web/ship_sets/{id}/documents', () => {
	it('stores a PDF, writes its row and a historical-log line, and downloads it byte-identical', async () => {
		const before = await counts(so1008)
		const res = await postDocument(
			so1008,
			documentForm(
				{ bytes: PDF, name: 'bill-of-lading.pdf' },
				{ document_type_id: typeId('OTHERS'), other_document_type: 'Bill of lading' },
			),
		)
		expect(res.status).toBe(201)
		const { document } = DocumentCreatedResponse.parse(res.body)
		expect(document).toMatchObject({
			file_file_name: 'bill-of-lading.pdf',
			file_content_type: 'application/pdf',
			other_document_type: 'Bill of lading',
			document_type: { code: 'OTHERS' },
		})
		expect(await counts(so1008)).toEqual({
			...before,
			documents: before.documents! + 1,
			logs: before.logs! + 1,
		})
		const [log] = await h.db
			.select()
			.from(historicalLogs)
			.where(eq(historicalLogs.documentId, document.id))
		expect(log?.message).toBe('Document bill-of-lading.pdf uploaded')
		const back = await download(document.file_url)
		expect(back.bytes.equals(PDF)).toBe(true)
	})

	it('stores the queued name sent as file_name (002 §4 suffix) and a text file by its extension', async () => {
		const csv = Buffer.from('order,qty\nSO-1008,4\n')
		const res = await postDocument(
			so1008,
			documentForm(
				{ bytes: csv, name: 'lines.csv' },
				{ document_type_id: typeId('COMMERCIAL_INVOICE'), file_name: 'lines42.csv' },
			),
		)
		expect(res.status).toBe(201)
		expect(DocumentCreatedResponse.parse(res.body).document.file_file_name).toBe('lines42.csv')
	})

	const refusals: [string, () => FormData, number, string][] = [
		[
			'no document type',
			() => documentForm({ bytes: PDF, name: 'a.pdf' }),
			400,
			FILE_MESSAGES.documentTypeRequired,
		],
		[
			'OTHERS without its text',
			() => documentForm({ bytes: PDF, name: 'a.pdf' }, { document_type_id: typeId('OTHERS') }),
			400,
			FILE_MESSAGES.otherDocumentTypeRequired,
		],
		[
			'an extension not on the list',
			() =>
				documentForm(
					{ bytes: PDF, name: 'a.exe' },
					{ document_type_id: typeId('COMMERCIAL_INVOICE') },
				),
			400,
			FILE_MESSAGES.documentExtension,
		],
		[
			'a .exe renamed .pdf',
			() =>
				documentForm(
					{ bytes: EXE, name: 'invoice.pdf' },
					{ document_type_id: typeId('COMMERCIAL_INVOICE') },
				),
			400,
			FILE_MESSAGES.contentMismatch('.pdf', 'exe'),
		],
		[
			'a PNG named .csv',
			() =>
				documentForm(
					{ bytes: tinyPng(4, 4, [0, 0, 0], [9, 9, 9]), name: 'a.csv' },
					{ document_type_id: typeId('COMMERCIAL_INVOICE') },
				),
			400,
			FILE_MESSAGES.contentMismatch('.csv', 'png'),
		],
		[
			'a name over 200 characters',
			() =>
				documentForm(
					{ bytes: PDF, name: 'a.pdf' },
					{ document_type_id: typeId('COMMERCIAL_INVOICE'), file_name: `${'x'.repeat(300)}.pdf` },
				),
			400,
			FILE_MESSAGES.fileNameTooLong,
		],
		[
			'no file',
			() => documentForm(null, { document_type_id: typeId('COMMERCIAL_INVOICE') }),
			400,
			FILE_MESSAGES.fileRequired,
		],
		[
			'a file over the size limit',
			() =>
				documentForm(
					{ bytes: Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20), name: 'big.txt' },
					{ document_type_id: typeId('COMMERCIAL_INVOICE') },
				),
			413,
			FILE_MESSAGES.tooLarge(MAX_DOCUMENT_BYTES),
		],
	]
	for (const [what, form, status, message] of refusals) {
		it(`refuses ${what} with "${message}" and writes nothing`, async () => {
			const before = await counts(so1008)
			const files = await storedFiles()
			const res = await postDocument(so1008, form())
			expect(res.status).toBe(status)
			expect(res.body).toEqual({ error: message })
			expect(await counts(so1008)).toEqual(before)
			expect(await storedFiles()).toEqual(files)
		})
	}

	it('refuses another tenant’s order (404) and a guest token (401), writing nothing', async () => {
		const before = await counts(so1001)
		const form = () =>
			documentForm(
				{ bytes: PDF, name: 'a.pdf' },
				{ document_type_id: typeId('COMMERCIAL_INVOICE') },
			)
		expect((await postDocument(so1001, form(), gary, 'globex')).status).toBe(404)
		expect(
			(await postDocument(so1001, form(), issueGuestToken(GUEST_LINK_SECRET).token)).status,
		).toBe(401)
		expect(await counts(so1001)).toEqual(before)
	})
})

describe('POST photos and PUT notes', () => {
	const png = tinyPng(8, 8, [10, 20, 30], [200, 100, 50])
	const photoForm = (...files: { bytes: Uint8Array; name: string }[]) => {
		const form = new FormData()
		for (const f of files)
			form.append('file[]', new File([f.bytes as Uint8Array<ArrayBuffer>], f.name))
		return form
	}

	it('stores several photos together, one log line each, and downloads them byte-identical', async () => {
		const before = await counts(so1008)
		const res = await h.call(`/api/web/ship_sets/${so1008}/photos`, {
			method: 'POST',
			token: olivia,
			supplyChain: 'acme',
			body: photoForm({ bytes: png, name: 'dock.png' }, { bytes: png, name: 'seal.PNG' }),
		})
		expect(res.status).toBe(201)
		const created = PhotosCreatedResponse.parse(res.body).photos
		expect(created.map((p) => p.image_file_name).sort()).toEqual(['dock.png', 'seal.PNG'])
		expect(await counts(so1008)).toEqual({
			...before,
			photos: before.photos! + 2,
			logs: before.logs! + 2,
		})
		const back = await download(created[0]!.image_url)
		expect(back.headers.get('content-type')).toBe('image/png')
		expect(back.bytes.equals(png)).toBe(true)
	})

	it('refuses the whole request when one photo is not an image, storing none', async () => {
		const before = await counts(so1008)
		const files = await storedFiles()
		const res = await h.call(`/api/web/ship_sets/${so1008}/photos`, {
			method: 'POST',
			token: olivia,
			supplyChain: 'acme',
			body: photoForm({ bytes: png, name: 'ok.png' }, { bytes: EXE, name: 'cat.jpg' }),
		})
		expect(res.status).toBe(400)
		expect(res.body).toEqual({ error: `cat.jpg: ${FILE_MESSAGES.contentMismatch('.jpg', 'exe')}` })
		expect(await counts(so1008)).toEqual(before)
		expect(await storedFiles()).toEqual(files)
	})

	it('names every refused photo of a batch, one a line, and stores none of it', async () => {
		const before = await counts(so1008)
		const files = await storedFiles()
		const body = photoForm(
			{ bytes: png, name: 'ok.png' },
			{ bytes: EXE, name: 'cat.jpg' },
			{ bytes: PDF, name: 'scan.pdf' },
		)
		const res = await h.call(`/api/web/ship_sets/${so1008}/photos`, {
			method: 'POST',
			token: olivia,
			supplyChain: 'acme',
			body,
		})
		expect(res.status).toBe(400)
		expect(res.body).toEqual({
			error: `cat.jpg: ${FILE_MESSAGES.contentMismatch('.jpg', 'exe')}\nscan.pdf: ${FILE_MESSAGES.photoExtension}`,
		})
		expect(await counts(so1008)).toEqual(before)
		expect(await storedFiles()).toEqual(files)
	})

	it('refuses a photo of another type and an empty request', async () => {
		const pdf = await h.call(`/api/web/ship_sets/${so1008}/photos`, {
			method: 'POST',
			token: olivia,
			supplyChain: 'acme',
			body: photoForm({ bytes: PDF, name: 'scan.pdf' }),
		})
		expect(pdf.body).toEqual({ error: `scan.pdf: ${FILE_MESSAGES.photoExtension}` })
		const none = await h.call(`/api/web/ship_sets/${so1008}/photos`, {
			method: 'POST',
			token: olivia,
			supplyChain: 'acme',
			body: photoForm(),
		})
		expect(none.body).toEqual({ error: FILE_MESSAGES.noFiles })
	})

	it('saves the notes of ‘Comment on Photo’ with a log line; another tenant gets 404', async () => {
		const list = PhotosResponse.parse(
			(await h.call(`/api/web/ship_sets/${so1001}/photos`, { token: olivia, supplyChain: 'acme' }))
				.body,
		)
		const photo = list.photos[0]!
		const before = await counts(so1001)
		const url = `/api/web/ship_sets/${so1001}/photos/${photo.id}`
		const refused = await h.call(url, {
			method: 'PUT',
			token: gary,
			supplyChain: 'globex',
			body: { notes: 'nope' },
		})
		expect(refused).toMatchObject({ status: 404, body: { error: 'Order not found' } })
		const tooLong = await h.call(url, {
			method: 'PUT',
			token: olivia,
			supplyChain: 'acme',
			body: { notes: 'x'.repeat(501) },
		})
		expect(tooLong.status).toBe(400)
		const res = await h.call(url, {
			method: 'PUT',
			token: olivia,
			supplyChain: 'acme',
			body: { notes: 'Seal intact' },
		})
		expect(res.status).toBe(200)
		expect((res.body as { photo: { notes: string } }).photo.notes).toBe('Seal intact')
		expect(await counts(so1001)).toEqual({ ...before, logs: before.logs! + 1 })
		const [log] = await h.db
			.select()
			.from(historicalLogs)
			.where(
				and(
					eq(historicalLogs.shipSetId, so1001),
					eq(historicalLogs.message, `Comment on photo ${photo.image_file_name}: Seal intact`),
				),
			)
		expect(log).toBeTruthy()
	})
})

describe('nothing half-written when a step fails', () => {
	/** The API's log lines (server/log.ts), as the failures below write them. */
	const lines: { level: string; msg: string; err?: { message: string; stack?: string } }[] = []
	beforeAll(() =>
		setRootLogger(
			createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }),
		),
	)
	afterAll(() => setRootLogger(createLogger('info')))
	const logged = (msg: string) => lines.filter((l) => l.msg === msg)

	it('removes the stored file when the row cannot be inserted (no orphan file)', async () => {
		const files = await storedFiles()
		const before = await counts(so1008)
		// The file is stored as it arrives, before its row: a trigger then refuses the row's insert.
		await h.db.execute(
			sql`CREATE FUNCTION refuse_origin() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'insert refused by the test'; END $$`,
		)
		await h.db.execute(
			sql`CREATE TRIGGER refuse_origin BEFORE INSERT ON documents FOR EACH ROW WHEN (NEW.file_file_name = 'origin.pdf') EXECUTE FUNCTION refuse_origin()`,
		)
		let res: Awaited<ReturnType<typeof postDocument>>
		try {
			res = await postDocument(
				so1008,
				documentForm(
					{ bytes: PDF, name: 'origin.pdf' },
					{ document_type_id: typeId('CERTIFICATE_OF_ORIGIN') },
				),
			)
		} finally {
			await h.db.execute(sql`DROP TRIGGER refuse_origin ON documents`)
			await h.db.execute(sql`DROP FUNCTION refuse_origin()`)
		}
		expect(res.status).toBe(500)
		expect(logged('api error').at(-1)).toMatchObject({
			level: 'error',
			err: {
				message: 'insert refused by the test',
				stack: expect.stringContaining('insert refused by the test'),
			},
		})
		expect(await storedFiles()).toEqual(files)
		expect(await counts(so1008)).toEqual(before)
	})

	it('writes no row when the file cannot be stored, and removes the photos already stored', async () => {
		const files = await storedFiles()
		const before = await counts(so1008)
		let puts = 0
		beforePut = async () => {
			if (++puts === 2) {
				beforePut = null
				throw new Error('disk full')
			}
		}
		const png = tinyPng(4, 4, [1, 2, 3], [4, 5, 6])
		const form = new FormData()
		for (const name of ['a.png', 'b.png', 'c.png'])
			form.append('file[]', new File([png as Uint8Array<ArrayBuffer>], name))
		const res = await h.call(`/api/web/ship_sets/${so1008}/photos`, {
			method: 'POST',
			token: olivia,
			supplyChain: 'acme',
			body: form,
		})
		expect(res.status).toBe(500)
		expect(logged('api error').at(-1)).toMatchObject({
			level: 'error',
			err: { message: 'disk full', stack: expect.stringContaining('Error: disk full') },
		})
		expect(await storedFiles()).toEqual(files)
		expect(await counts(so1008)).toEqual(before)
	})
})
