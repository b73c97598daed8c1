import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { isInlineType } from '#shared/file-rules'
import {
	documentLink,
	documentTypeLabel,
	fileHref,
	formatDocumentTime,
	neighbours,
	showDocumentPager,
	showPhotoPager,
} from './files'
import { viewerKind } from './document-preview'
import { guestFileHref } from '~/lib/guest/restricted'

dayjs.extend(utc)

describe('documents and photos display rules (002)', () => {
	it('§3/§4: an OTHERS document shows its Other document type text', () => {
		expect(
			documentTypeLabel({
				documentType: { name: 'Others', code: 'OTHERS' },
				otherDocumentType: 'Fumigation cert',
			}),
		).toBe('Fumigation cert')
		expect(
			documentTypeLabel({
				documentType: { name: 'Packing List', code: 'PACKING_LIST' },
				otherDocumentType: null,
			}),
		).toBe('Packing List')
		expect(documentTypeLabel({ documentType: null, otherDocumentType: null })).toBe('')
	})
	it('§9: documents dated "ddd, DD MMM YYYY h:mm A z"; §5: bad dates read N/A', () => {
		expect(formatDocumentTime('2026-11-03T14:05:00Z')).toBe('Tue, 03 Nov 2026 2:05 PM UTC')
		expect(formatDocumentTime('garbage')).toBe('N/A')
		expect(formatDocumentTime(null)).toBe('N/A')
		// The same text as dayjs' 'ddd, DD MMM YYYY h:mm A' in UTC, the format's first implementation,
		// at every hour of a leap year's days (midnight and noon included) and at 2,000 instants spread to 2096.
		const instants = Array.from(
			{ length: 366 * 24 },
			(_, h) => Date.UTC(2024, 0, 1) + h * 3_600_000 + (h % 60) * 60_000,
		)
		for (let i = 0; i < 2000; i++) instants.push((i * 2_654_435_761) % 4e12)
		for (const t of instants) {
			const iso = new Date(t).toISOString()
			expect(formatDocumentTime(iso)).toBe(
				`${dayjs(iso).utc().format('ddd, DD MMM YYYY h:mm A')} UTC`,
			)
		}
	})
	it('§5: pagination hidden under 5 documents and under 4 photos', () => {
		expect([showDocumentPager(4), showDocumentPager(5)]).toEqual([false, true])
		expect([showPhotoPager(3), showPhotoPager(4)]).toEqual([false, true])
	})
	it('the viewer shows PDFs in a frame and images as images, other types only download', () => {
		expect(
			['application/pdf', 'image/png', 'text/plain; charset=utf-8', 'text/csv; charset=utf-8'].map(
				viewerKind,
			),
		).toEqual(['pdf', 'image', 'text', 'other'])
	})
	it('the lightbox’s previous and next wrap around', () => {
		expect(neighbours(['a', 'b', 'c'], 'a')).toEqual({ prev: 'c', next: 'b' })
		expect(neighbours(['a'], 'a')).toEqual({ prev: null, next: null })
	})
})

describe('document download (002 §7: "a CSV response is saved as a file; otherwise the file path opens in a new tab")', () => {
	const doc = (fileContentType: string, fileFileName: string) => ({ fileFileName, fileContentType })
	const signedIn = (inline: boolean) => fileHref('s1', 'documents', 'd1', inline)
	it('saves a CSV under its name', () => {
		expect(documentLink(doc('text/csv; charset=utf-8', 'lines.csv'), signedIn)).toEqual({
			href: '/timeline/s1/documents/d1/download',
			download: 'lines.csv',
		})
	})
	it('opens anything else inline in a new tab, PDFs and Office files included', () => {
		for (const type of ['application/pdf', 'application/vnd.ms-excel', 'application/zip'])
			expect(documentLink(doc(type, 'f'), signedIn)).toEqual({
				href: '/timeline/s1/documents/d1/download?disposition=inline',
				target: '_blank',
				rel: 'noopener',
			})
	})
	it("links a guest's documents alike, through the guest link's route", () => {
		const link = new URLSearchParams('type=restricted&token=t&email=g%40x.test&supply_chain=acme')
		const guest = (inline: boolean) => guestFileHref('s1', 'documents', 'd1', link, inline)
		expect(documentLink(doc('application/pdf', 'a.pdf'), guest)).toEqual({
			href: '/guest/s1/documents/d1?type=restricted&token=t&email=g%40x.test&supply_chain=acme&disposition=inline',
			target: '_blank',
			rel: 'noopener',
		})
		expect(documentLink(doc('text/csv', 'a.csv'), guest)).toEqual({
			href: '/guest/s1/documents/d1?type=restricted&token=t&email=g%40x.test&supply_chain=acme',
			download: 'a.csv',
		})
	})
	it('the API serves inline every type but a CSV and what could script', () => {
		expect(isInlineType('application/pdf')).toBe(true)
		expect(isInlineType('text/plain; charset=utf-8')).toBe(true)
		expect(isInlineType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
			true,
		)
		expect(isInlineType('text/csv; charset=utf-8')).toBe(false)
		for (const type of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', ''])
			expect(isInlineType(type)).toBe(false)
	})
})
