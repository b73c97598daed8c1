import { describe, expect, it } from 'vitest'
import { passThroughAttachment } from './file-stream.server'

describe('passThroughAttachment', () => {
	it('keeps the API’s file name, sanitized, its length, and streams the body', async () => {
		const api = new Response('a,b\n1,2\n', {
			headers: {
				'Content-Disposition': 'attachment; filename="freight cost;2026.csv"',
				'Content-Length': '8',
			},
		})
		const res = passThroughAttachment(api, 'fallback.csv', 'text/csv; charset=utf-8')
		expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="freight_cost"')
		expect(res.headers.get('Content-Length')).toBe('8')
		expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(res.headers.get('Cache-Control')).toBe('private, no-store, no-transform')
		expect(await res.text()).toBe('a,b\n1,2\n')
	})
	it('names the file by the fallback when the API names none, and replaces unsafe characters', () => {
		expect(
			passThroughAttachment(new Response('x'), 'claim-pack.zip', 'application/zip').headers.get(
				'Content-Disposition',
			),
		).toBe('attachment; filename="claim-pack.zip"')
		const odd = new Response('x', {
			headers: { 'Content-Disposition': 'attachment; filename=claim pack/é.zip' },
		})
		expect(
			passThroughAttachment(odd, 'f', 'application/zip').headers.get('Content-Disposition'),
		).toBe('attachment; filename="claim_pack__.zip"')
	})
})
