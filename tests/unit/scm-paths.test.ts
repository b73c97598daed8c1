import { describe, expect, it } from 'vitest'
import { createApi } from '../../server/api/app'
import { createScmClient, ScmError } from '~/services/scm.server'
import { guestFileDownload, loadGuestPage } from '~/services/guest.server'
import { publicTrackerClient, requireTrackerEnabled } from '~/routes/tracker/public-tracker.server'
import { testLoadContext } from './load-context'

/**
 * The client calls only what the API lists. Every call of every group of the client
 * (and the public tracker's and the guest link's) is made against a recorder, and each request
 * must match an operation of the OpenAPI document — the same method, a path of its template.
 * A call that builds a path by hand, or names a route the API does not mount, fails here.
 */

const api = createApi({
	db: {} as never,
	auth: {
		issuer: 'https://issuer.test',
		audience: 'waymark-web',
		keys: (() => Promise.reject(new Error('unused'))) as never,
	},
	webApiKey: 'k',
	guestLinkSecret: 's',
	storage: {} as never,
	publicUrl: 'https://waymark.test',
})

const sent: { method: string; path: string }[] = []
// Records the request and answers a refusal: the caller's parsing is not what is tested here.
const context = testLoadContext((request: Request) => {
	sent.push({ method: request.method, path: new URL(request.url).pathname })
	return Promise.resolve(Response.json({ error: 'recorded' }, { status: 418 }))
}, 'http://scm.internal')

/** Arguments for the calls that need more than ids and numbers. */
const ID = '00000000-0000-4000-8000-000000000001'
const file = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' })
const special: Record<string, unknown[]> = {
	'files.uploadDocument': [ID, { file, fileName: 'a.pdf', documentTypeId: ID }],
	'files.uploadPhotos': [ID, [file]],
	'files.download': [ID, 'documents', ID, 'inline'],
	'shipments.act': [ID, ID, 'close'],
	'shipments.add': [ID, { shipment: { carrier_id: ID, tracking_number: 'T1' } }],
	'share.mailingLists': [ID, ['a@example.com']],
	'share.share': [
		ID,
		{ authList: [], notAuthList: [], subscribedList: [], viewType: 'customer', message: null },
	],
	'shipSets.saveNotification': [
		ID,
		{ notifType: 'all_status', nodes: [], comments: false, promiseDate: false },
	],
	'comments.post': [ID, { body: 'hi', node_id: null }],
	'comments.postWithMentions': [
		{ commentBody: 'hi', hasMention: false, mentionedIds: [], shipSetId: ID, nodeId: null },
	],
	'comments.postTyped': [{ text: 'hi @Olivia', shipSetId: ID, nodeId: null, mentionsIn: 'acme' }],
	'tracker.measurements': [ID, { measurable_id: 'm', type: 'temperature', last: 4 }],
	'ongoingBreaches.list': [{ offset: 0, limit: 15, order_number: 'SO-1001' }],
	'account.toggles': [['web.ui.orderTracker']],
	'reference.locations': ['order'],
	'search.export': ['quick', { qs_query_string: 'SO' }],
	'historicalBreaches.list': [{ page: 0, sensors: 'temperature' }],
}

async function settle(promise: unknown) {
	await Promise.resolve(promise).catch((error: unknown) => {
		if (!(error instanceof ScmError)) throw error
	})
}

describe('the SCM client', () => {
	it('calls only operations the OpenAPI document lists, by their method and path template', async () => {
		const doc = (await (
			await api.fetch(new Request('http://scm.internal/api/docs/openapi.json'))
		).json()) as { paths: Record<string, Record<string, unknown>> }
		const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
			Object.keys(ops).map((method) => ({
				method: method.toUpperCase(),
				pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
			})),
		)
		const client = createScmClient(context, { accessToken: 'tok', supplyChain: 'acme' })
		let calls = 0
		for (const [group, methods] of Object.entries(client)) {
			for (const [name, fn] of Object.entries(
				methods as Record<string, (...args: unknown[]) => unknown>,
			)) {
				await settle(fn(...(special[`${group}.${name}`] ?? [ID, ID, 0])))
				calls++
			}
		}
		const tracker = publicTrackerClient(context, {
			clientAddress: '127.0.0.1',
			captchaPassed: false,
		})
		await settle(
			tracker.search('acme', 'SO-1001', { sortBy: 'order_number', orderBy: 'asc', page: 1 }),
		)
		await settle(tracker.timeline('acme', ID))
		await requireTrackerEnabled(context, 'acme').catch(() => undefined)
		const link = new URLSearchParams({
			type: 'restricted',
			token: 't',
			email: 'a@example.com',
			supply_chain: 'acme',
		})
		await loadGuestPage(
			new Request(`http://localhost/guest/${ID}/timeline?${link}`),
			context,
			ID,
		).catch(() => undefined)
		await guestFileDownload(
			new Request(`http://localhost/guest/${ID}/documents/${ID}?${link}`),
			context,
			ID,
			'documents',
			ID,
		).catch(() => undefined)

		expect(calls).toBeGreaterThan(40)
		const unknown = sent.filter(
			(s) => !operations.some((op) => op.method === s.method && op.pattern.test(s.path)),
		)
		expect(unknown).toEqual([])
		// Every call was sent: none failed before its request.
		expect(sent.length).toBeGreaterThanOrEqual(calls + 5)
	})
})
