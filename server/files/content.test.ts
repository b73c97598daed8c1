import { describe, expect, it } from 'vitest'
import { tinyPdf, tinyPng } from '../db/seed/files'
import {
	contentDisposition,
	isDocumentExtension,
	isPhotoExtension,
	queuedFileName,
	safeFileName,
} from '../shared/file-rules'
import { checkContent } from './content'

const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)])

describe('accepted extensions (002 §5)', () => {
	it('documents: .csv, .zip, .doc, .docx, .pdf, .txt, .xls, .xlsx, .pptx, .ppt, in any case', () => {
		for (const name of [
			'a.csv',
			'a.zip',
			'a.doc',
			'a.docx',
			'a.PDF',
			'a.txt',
			'a.xls',
			'a.xlsx',
			'a.pptx',
			'a.ppt',
		])
			expect(isDocumentExtension(name)).toBe(true)
		for (const name of ['a.exe', 'a.png', 'pdf', 'a.pdf.exe'])
			expect(isDocumentExtension(name)).toBe(false)
	})
	it('photos: .jpg, .jpeg, .png, .gif', () => {
		for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif'])
			expect(isPhotoExtension(name)).toBe(true)
		expect(isPhotoExtension('a.webp')).toBe(false)
	})
})

describe('queued file names (002 §4 "a random suffix from 0 to 98 … spaces removed")', () => {
	it('removes spaces and adds the suffix before the extension', () => {
		expect(queuedFileName('Packing list.pdf', () => 0.5)).toBe('Packinglist49.pdf')
		expect(queuedFileName('notes', () => 0)).toBe('notes0')
		expect(queuedFileName('a b.csv', () => 0.9999)).toBe('ab98.csv')
	})
})

describe('stored names and Content-Disposition', () => {
	it('keeps the last path segment without control characters', () => {
		expect(safeFileName('C:\\Users\\me\\in"voice.pdf')).toBe('invoice.pdf')
		expect(safeFileName('../../etc/passwd')).toBe('passwd')
	})
	it('sends an ASCII fallback and the UTF-8 name', () => {
		expect(contentDisposition('attachment', 'Lieferschein Köln.pdf')).toBe(
			`attachment; filename="Lieferschein K_ln.pdf"; filename*=UTF-8''Lieferschein%20K%C3%B6ln.pdf`,
		)
	})
})

describe('content checked against the extension', () => {
	it('accepts a PDF, a PNG and text, with the served type', async () => {
		expect(await checkContent('a.pdf', tinyPdf('t', []))).toEqual({
			ok: true,
			contentType: 'application/pdf',
		})
		expect(await checkContent('a.png', tinyPng(2, 2, [0, 0, 0], [1, 1, 1]))).toEqual({
			ok: true,
			contentType: 'image/png',
		})
		expect(await checkContent('a.csv', Buffer.from('a,b\n1,2\n'))).toEqual({
			ok: true,
			contentType: 'text/csv; charset=utf-8',
		})
	})
	it('finds out an .exe renamed .pdf, a PNG renamed .jpg and binary bytes named .txt', async () => {
		expect(await checkContent('invoice.pdf', EXE)).toEqual({ ok: false, found: 'exe' })
		expect(await checkContent('photo.jpg', tinyPng(2, 2, [0, 0, 0], [1, 1, 1]))).toEqual({
			ok: false,
			found: 'png',
		})
		expect(await checkContent('notes.txt', Buffer.from([1, 0, 2, 0]))).toEqual({
			ok: false,
			found: null,
		})
	})
})
