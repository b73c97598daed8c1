import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { tinyPdf, tinyPng } from '../../server/db/seed/files'
import { MAX_DOCUMENT_BYTES } from '../../server/shared/file-rules'
import { UPLOAD_FORM_BYTES } from '../../app/services/form.server'
import { SEED_DOCUMENTS } from '../../server/db/seed/files'
import { test, expect, signInAs } from './fixtures'

/**
 * Documents and photos on the timeline (002 §2, §4 "Document upload", "Photo upload", §5, §8),
 * JavaScript on and off. Uploads go to an order of their own per project (SO-1017 with
 * JavaScript, SO-1018 without), so the counts other specs read on SO-1001 stay as seeded;
 * SO-1001's own documents are only downloaded.
 */
const ORDER = { js: 'SO-1017', 'no-js': 'SO-1018' } as Record<string, string>

const PDF = tinyPdf('Bill of Lading', ['Uploaded by the browser test'])
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)])
const CSV = Buffer.from('order,cartons\nSO-1017,4\n')
/** One byte over the size limit (server/shared/file-rules.ts). */
const OVERSIZE = {
	name: 'scan.pdf',
	mimeType: 'application/pdf',
	buffer: Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - PDF.length, 0x20)]),
}

async function openOrder(page: Page, name: string) {
	await page.goto(`/advanced_search?qs_query_string=${name}`)
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}/)
	await expect(page.getByTestId('order-name')).toHaveText(name)
	return new URL(page.url()).pathname
}

async function downloadBytes(page: Page, click: () => Promise<void>) {
	const [download] = await Promise.all([page.waitForEvent('download'), click()])
	return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) }
}

/**
 * A document link that opens in a new tab: its file, inline with its type, never sniffed (the
 * browser's PDF viewer is not part of the test: the response is read as the tab would get it).
 */
async function opensInNewTab(page: Page, link: import('@playwright/test').Locator) {
	await expect(link).toHaveAttribute('target', '_blank')
	await expect(link).not.toHaveAttribute('download')
	const href = (await link.getAttribute('href'))!
	expect(href).toMatch(/\/download\?disposition=inline$/)
	const res = await page.request.get(href)
	expect(res.status()).toBe(200)
	expect(res.headers()['content-disposition']).toMatch(/^inline;/)
	expect(res.headers()['x-content-type-options']).toBe('nosniff')
	return { type: res.headers()['content-type'], bytes: await res.body() }
}

test.beforeEach(async ({ page }) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
})

test('SO-1001: a seeded document opens in the viewer and, from DOWNLOAD, in a new tab byte-identical', async ({
	page,
}) => {
	await openOrder(page, 'SO-1001')
	const card = page.locator('.side-cards')
	await card.getByRole('link', { name: SEED_DOCUMENTS.invoice.fileName, exact: true }).click()
	const viewer = page.getByRole('dialog', { name: SEED_DOCUMENTS.invoice.fileName })
	await expect(viewer).toBeVisible()
	await expect(page).toHaveURL(/document=/)
	await expect(viewer.getByText('Commercial Invoice')).toBeVisible()
	await expect(viewer.locator('iframe')).toHaveAttribute(
		'src',
		/\/documents\/[0-9a-f-]{36}\/download\?disposition=inline$/,
	)
	// 002 §7: anything but a CSV opens in a new tab, inline with its type.
	const opened = await opensInNewTab(page, viewer.getByRole('link', { name: 'DOWNLOAD' }))
	expect(opened.type).toBe('application/pdf')
	expect(opened.bytes.equals(SEED_DOCUMENTS.invoice.bytes)).toBe(true)
	await viewer.getByRole('link', { name: /^Close/ }).click()
	await expect(viewer).toHaveCount(0)
})

test('documents: a PDF uploads and opens byte-identical, a CSV saves; a .exe renamed .pdf is refused and the other queued files still upload', async ({
	page,
}) => {
	const js = test.info().project.name === 'js'
	const order = ORDER[test.info().project.name]!
	await openOrder(page, order)
	await page.getByRole('link', { name: 'Upload Documents' }).click()
	const dialog = page.getByRole('dialog', { name: 'Upload Documents' })
	await expect(dialog).toBeVisible()

	if (js) {
		await expect(dialog.getByText('No files to upload.')).toBeVisible()
		await dialog
			.getByLabel('Choose files')
			.setInputFiles([
				{ name: 'bill of lading.pdf', mimeType: 'application/pdf', buffer: PDF },
				{ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE },
				{ name: 'cartons.csv', mimeType: 'text/csv', buffer: CSV },
				OVERSIZE,
			])
		const rows = dialog.locator('.queue li')
		await expect(rows).toHaveCount(4)
		// 002 §4: spaces removed and a suffix 0–98 added to queued names.
		await expect(rows.nth(0).locator('.queued-name')).toHaveText(/^billoflading\d{1,2}\.pdf$/)
		await expect(rows.getByText('Document Type is required')).toHaveCount(4)
		await rows.nth(3).getByRole('combobox').selectOption({ label: 'Packing List' })
		const upload = dialog.getByRole('button', { name: 'UPLOAD' })
		await expect(upload).toBeDisabled()
		await rows.nth(0).getByRole('combobox').selectOption({ label: 'Bill of Lading' })
		await rows.nth(1).getByRole('combobox').selectOption({ label: 'Commercial Invoice' })
		await expect(upload).toBeDisabled()
		await rows.nth(2).getByRole('combobox').selectOption({ label: 'Others' })
		await expect(upload).toBeDisabled()
		// UPLOAD says why it stays disabled: the OTHERS row needs its text.
		await expect(rows.nth(2).getByText('Other document type is required')).toBeVisible()
		await rows
			.nth(2)
			.getByLabel(/^Other document type/)
			.fill('Carton count')
		await expect(rows.getByText('Other document type is required')).toHaveCount(0)
		await expect(upload).toBeEnabled()
		await upload.click()
	} else {
		// Without JavaScript: a file without a type is refused with the spec's message, nothing sent.
		await dialog
			.getByLabel('File 1', { exact: true })
			.setInputFiles({ name: 'bill of lading.pdf', mimeType: 'application/pdf', buffer: PDF })
		await dialog.getByRole('button', { name: 'UPLOAD' }).click()
		await expect(
			page.getByRole('dialog', { name: 'Upload Documents' }).getByText('Document Type is required'),
		).toBeVisible()
		const again = page.getByRole('dialog', { name: 'Upload Documents' })
		await again
			.getByLabel('File 1', { exact: true })
			.setInputFiles({ name: 'bill of lading.pdf', mimeType: 'application/pdf', buffer: PDF })
		await again
			.getByLabel('Document type 1', { exact: true })
			.selectOption({ label: 'Bill of Lading' })
		await again
			.getByLabel('File 2', { exact: true })
			.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE })
		await again
			.getByLabel('Document type 2', { exact: true })
			.selectOption({ label: 'Commercial Invoice' })
		await again
			.getByLabel('File 3', { exact: true })
			.setInputFiles({ name: 'cartons.csv', mimeType: 'text/csv', buffer: CSV })
		await again.getByLabel('Document type 3', { exact: true }).selectOption({ label: 'Others' })
		await again.getByLabel(/^Other document type 3/).fill('Carton count')
		await again.getByLabel('File 4', { exact: true }).setInputFiles(OVERSIZE)
		await again
			.getByLabel('Document type 4', { exact: true })
			.selectOption({ label: 'Packing List' })
		await again.getByRole('button', { name: 'UPLOAD' }).click()
	}

	const table = page.getByRole('table', { name: 'Upload Details' })
	// One row per file as each upload ends (one at a time, one of them 10 MB): on a loaded machine that takes more than 5 s.
	await expect(table.getByRole('row')).toHaveCount(5, { timeout: 30_000 })
	// Over the size limit: refused with the limit, in its row (with JavaScript it used to hang the queue).
	await expect(table.getByRole('row', { name: /scan\d{1,2}\.pdf/ })).toContainText(
		'The file is larger than 10 MB',
	)
	await expect(table.getByRole('row', { name: /billoflading\d{1,2}\.pdf Success/ })).toBeVisible()
	await expect(table.getByRole('row', { name: /invoice\d{1,2}\.pdf/ })).toContainText(
		"The file's content does not match its extension .pdf (it is a .exe file)",
	)
	await expect(table.getByRole('row', { name: /cartons\d{1,2}\.csv Success/ })).toBeVisible()

	await page
		.getByRole('dialog', { name: 'Upload Documents' })
		.getByRole('link', { name: /^Close/ })
		.click()
	const card = page.locator('.side-cards')
	await expect(card.getByText('Documents · 2')).toBeVisible()
	await expect(card.getByText('Carton count')).toBeVisible()
	const pdfName = (await card
		.getByRole('link', { name: /^billoflading\d{1,2}\.pdf$/ })
		.textContent())!
	const opened = await opensInNewTab(page, card.getByRole('link', { name: `Download ${pdfName}` }))
	expect(opened.bytes.equals(PDF)).toBe(true)
	// A CSV is saved as a file (002 §7).
	const csvName = (await card.getByRole('link', { name: /^cartons\d{1,2}\.csv$/ }).textContent())!
	const file = await downloadBytes(page, () =>
		card.getByRole('link', { name: `Download ${csvName}` }).click(),
	)
	expect(file.name).toBe(csvName)
	expect(file.bytes.equals(CSV)).toBe(true)

	// Each stored upload left a line in Historical Logs; the refused one left none.
	await page.goto(`${new URL(page.url()).pathname}?logs=1`)
	const logs = page.getByRole('dialog', { name: 'Historical Logs' })
	await expect(logs.getByText(`Document ${pdfName} uploaded`)).toBeVisible()
	await expect(logs.getByText(/Document cartons\d{1,2}\.csv uploaded/)).toBeVisible()
	await expect(logs.getByText(/invoice\d{1,2}\.pdf/)).toHaveCount(0)
})

test('photos: several upload together, take a comment and show in the lightbox', async ({
	page,
}) => {
	const js = test.info().project.name === 'js'
	const order = ORDER[test.info().project.name]!
	const path = await openOrder(page, order)
	await page.getByRole('link', { name: 'Upload Photos' }).click()
	const dialog = page.getByRole('dialog', { name: 'Upload Photos' })
	const dock = {
		name: 'dock.png',
		mimeType: 'image/png',
		buffer: tinyPng(40, 30, [20, 60, 120], [220, 200, 90]),
	}
	// A batch with refused files: each is named, and none of the batch is stored (the count below stays 2).
	await dialog
		.getByLabel(/^Photos/)
		.setInputFiles([
			dock,
			{ name: 'cat.jpg', mimeType: 'image/jpeg', buffer: EXE },
			{ name: 'scan.pdf', mimeType: 'application/pdf', buffer: PDF },
			{ name: 'blank.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
		])
	await dialog.getByRole('button', { name: 'UPLOAD' }).click()
	const refusal = page.getByRole('dialog', { name: 'Upload Photos' }).getByRole('alert')
	await expect(refusal).toContainText(
		"cat.jpg: The file's content does not match its extension .jpg (it is a .exe file)",
	)
	await expect(refusal).toContainText('scan.pdf: Accepted photo types: .jpg, .jpeg, .png, .gif')
	await expect(refusal).toContainText('blank.png: The file is empty')
	await expect(refusal).toContainText('No photo was uploaded')
	await page
		.getByRole('dialog', { name: 'Upload Photos' })
		.getByLabel(/^Photos/)
		.setInputFiles([
			dock,
			{
				name: 'seal.png',
				mimeType: 'image/png',
				buffer: tinyPng(40, 30, [120, 20, 20], [90, 200, 220]),
			},
		])
	await page
		.getByRole('dialog', { name: 'Upload Photos' })
		.getByRole('button', { name: 'UPLOAD' })
		.click()
	await expect(page.getByText('You have submitted photos')).toBeVisible()
	// The earlier refusal does not stay on screen after the upload that succeeded.
	await expect(page.getByRole('dialog', { name: 'Upload Photos' }).getByRole('alert')).toHaveCount(
		0,
	)
	const processed = page.getByRole('list', { name: 'Uploaded photos' })
	await expect(processed.getByRole('listitem')).toHaveCount(2)
	await processed.getByRole('link', { name: 'Comment on Photo seal.png' }).click()
	const comment = page.getByRole('dialog', { name: 'Comment on Photo' })
	await comment.getByRole('textbox', { name: 'Comment' }).fill('Seal intact')
	await comment.getByRole('button', { name: 'SAVE' }).click()
	await expect(page.getByText('Comment added')).toBeVisible()
	await expect(comment).toHaveCount(0)

	await page.goto(path)
	const card = page.locator('.side-cards')
	await expect(card.getByText('Photos · 2')).toBeVisible()
	await card.getByRole('link', { name: 'Open photo seal.png' }).click()
	const lightbox = page.getByRole('dialog', { name: 'seal.png' })
	await expect(lightbox.getByRole('img', { name: 'seal.png' })).toBeVisible()
	await expect(lightbox.getByText('Seal intact')).toBeVisible()
	await lightbox.getByRole('link', { name: 'Next photo' }).click()
	await expect(page.getByRole('dialog', { name: 'dock.png' })).toBeVisible()
	if (js) {
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog', { name: 'dock.png' })).toHaveCount(0)
		await expect(page).not.toHaveURL(/photo=/)
	}

	await page.goto(`${path}?logs=1`)
	const logs = page.getByRole('dialog', { name: 'Historical Logs' })
	await expect(logs.getByText('Photo dock.png uploaded')).toBeVisible()
	await expect(logs.getByText('Photo seal.png uploaded')).toBeVisible()
	await expect(logs.getByText('Comment on photo seal.png: Seal intact')).toBeVisible()
})

test('files over the limit all together come back to the page with the limit, not a bare 413', async ({
	page,
	baseURL,
}) => {
	const path = await openOrder(page, ORDER[test.info().project.name]!)
	const huge = {
		name: 'huge.png',
		mimeType: 'image/png',
		buffer: Buffer.alloc(UPLOAD_FORM_BYTES + 1),
	}
	const res = await page.request.post(`${path}/files?upload=photos`, {
		multipart: { intent: 'upload-photos', 'file[]': huge },
		headers: { Origin: baseURL! },
		maxRedirects: 0,
	})
	expect(res.status()).toBe(302)
	await page.goto(res.headers()['location']!)
	await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
		`The files are larger than ${Math.floor(UPLOAD_FORM_BYTES / 1024 / 1024)} MB together.`,
	)
	await expect(page.locator('.side-cards').getByText(/^Photos · \d+$/)).toBeVisible()
})
