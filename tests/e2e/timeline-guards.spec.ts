import type { APIRequestContext } from '@playwright/test'
import { test, expect, openOrder, signInAs } from './fixtures'
import { issueToken } from './tokens'
import { TIMELINE_INTENTS } from '../../app/lib/timeline/intents'

/**
 * What no timeline action may do, whatever the form sends (002 §6; docs/architecture.md rule 3: another
 * tenant's order answers like an unknown one): Gary of globex posting every intent to an Acme order,
 * and a signed-in post that does not come from our own pages (cross-site request forgery). SO-1016 is
 * read by no other spec, and nothing here may change it: every change would write a log line.
 */
const ORDER = 'SO-1016'
const NIL = '00000000-0000-4000-8000-000000000000'
const PDF = {
	name: 'note.pdf',
	mimeType: 'application/pdf',
	buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
}

/** The action route (/timeline/{id}/{capability}) that answers an intent. */
const capabilityOf = (intent: unknown) =>
	Object.entries(TIMELINE_INTENTS).find(([, intents]) =>
		(Object.values(intents) as unknown[]).includes(intent),
	)![0]

/** One post per intent of the timeline's dispatcher, each with fields that would pass the form's checks. */
const POSTS: Record<string, string | typeof PDF>[] = [
	{ intent: 'follow' },
	{ intent: 'unfollow' },
	{ intent: 'comment', body: 'Not my order' },
	{ intent: 'shipment-add', tracking_number: 'GX-TRACK-1', carrier_id: NIL },
	{ intent: 'shipment-close', shipmentId: NIL },
	{ intent: 'shipment-cancel', shipmentId: NIL },
	{ intent: 'shipment-remove', shipmentId: NIL },
	{ intent: 'related-add', order_number: 'SO-1015' },
	{ intent: 'related-remove', relationId: NIL },
	{ intent: 'share-check', emails: 'someone@example.com' },
	{ intent: 'share', emails: 'someone@example.com', view_type: 'customer' },
	{ intent: 'share-revoke', recipient_id: NIL },
	{ intent: 'photo-notes', photo_id: NIL, notes: 'Not my photo' },
	{ intent: 'notifications', notif_type: 'all_status' },
	{ intent: 'upload-photos', 'file[]': { ...PDF, name: 'dock.png', mimeType: 'image/png' } },
	{ intent: 'upload-documents', 'documents[1].file': PDF, 'documents[1].document_type_id': NIL },
]

async function logLines(request: APIRequestContext, id: string): Promise<string[]> {
	const base = process.env.E2E_BASE_URL!
	const token = await issueToken(request, base, 'olivia@acme.test', process.env.E2E_DATA_DIR!)
	const res = await request.get(`${base}/api/web/ship_sets/${id}/logs`, {
		headers: { Authorization: `Bearer ${token}`, 'X-Supply-Chain': 'acme' },
	})
	expect(res.status()).toBe(200)
	return ((await res.json()) as { logs: { message: string; created_at: string }[] }).logs.map(
		(l) => `${l.created_at} ${l.message}`,
	)
}

async function acmeOrderPath(browser: import('@playwright/test').Browser) {
	const olivia = await browser.newPage({ baseURL: process.env.E2E_BASE_URL })
	await olivia.goto('/login')
	await signInAs(olivia, 'olivia@acme.test')
	await expect(olivia).toHaveURL(/\/dashboard/)
	const path = await openOrder(olivia, ORDER)
	await olivia.close()
	return path
}

test('Gary of globex cannot act on an Acme order: every intent answers 404, like an unknown order, and nothing changes', async ({
	page,
	browser,
	request,
	baseURL,
}) => {
	const path = await acmeOrderPath(browser)
	const before = await logLines(request, path.split('/').pop()!)
	await page.goto('/login')
	await signInAs(page, 'gary@globex.test')
	await expect(page).toHaveURL(/\/dashboard/)
	for (const post of POSTS) {
		const res = await page.request.post(`${path}/${capabilityOf(post.intent)}`, {
			multipart: post,
			headers: { Origin: baseURL! },
			maxRedirects: 0,
		})
		expect(res.status(), String(post.intent)).toBe(404)
	}
	const upload = await page.request.post(`${path}/documents/upload`, {
		multipart: { 'documents[1].file': PDF, 'documents[1].document_type_id': NIL },
		headers: { Origin: baseURL! },
		maxRedirects: 0,
	})
	expect(upload.status()).toBe(404)
	expect(await logLines(request, path.split('/').pop()!)).toEqual(before)
})

test('Nadia, who may not use the product (000 §6), is sent to /403 by every intent, as by the page, and nothing changes', async ({
	page,
	browser,
	request,
	baseURL,
}) => {
	const path = await acmeOrderPath(browser)
	const before = await logLines(request, path.split('/').pop()!)
	await page.goto('/login')
	await signInAs(page, 'nadia@acme.test')
	await expect(page).toHaveURL(/\/403$/)
	for (const post of POSTS) {
		const res = await page.request.post(`${path}/${capabilityOf(post.intent)}`, {
			multipart: post,
			headers: { Origin: baseURL! },
			maxRedirects: 0,
		})
		expect(res.status(), String(post.intent)).toBe(302)
		expect(res.headers().location, String(post.intent)).toBe('/403')
	}
	const upload = await page.request.post(`${path}/documents/upload`, {
		multipart: { 'documents[1].file': PDF, 'documents[1].document_type_id': NIL },
		headers: { Origin: baseURL! },
		maxRedirects: 0,
	})
	expect(upload.headers().location).toBe('/403')
	expect(await logLines(request, path.split('/').pop()!)).toEqual(before)
})

test('a signed-in post that does not come from our own pages is refused (403), for every intent', async ({
	page,
	browser,
	request,
}) => {
	const path = await acmeOrderPath(browser)
	const before = await logLines(request, path.split('/').pop()!)
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	// Neither Origin nor Sec-Fetch-Site (what a forged form from another site cannot prove), then another site's Origin.
	const forged: Record<string, string>[] = [
		{},
		{ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
	]
	for (const headers of forged) {
		for (const post of POSTS) {
			const res = await page.request.post(`${path}/${capabilityOf(post.intent)}`, {
				multipart: post,
				headers,
				maxRedirects: 0,
			})
			expect(res.status(), `${String(post.intent)} ${JSON.stringify(headers)}`).toBe(403)
		}
		const upload = await page.request.post(`${path}/documents/upload`, {
			multipart: { 'documents[1].file': PDF },
			headers,
			maxRedirects: 0,
		})
		expect(upload.status()).toBe(403)
	}
	expect(await logLines(request, path.split('/').pop()!)).toEqual(before)
})
