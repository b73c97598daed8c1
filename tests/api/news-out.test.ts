import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, count, eq, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { recordDomainEvents, type DomainEvent } from '../../server/domain-events/record'
import {
	domainEvents,
	follows,
	notificationItems,
	outboxEmails,
	shipSets,
	webhookDeliveries,
	webhookSubscriptions,
} from '../../server/db/schema'
import { createApiKey } from '../../server/auth/machine-keys'
import { addressPolicy } from '../../server/news-out/address-guard'
import { DISABLE_AFTER, WARN_AFTER } from '../../server/news-out/webhooks'
import { runDailyDigest } from '../../server/news-out/notification-mail'
import { unsubscribeKey } from '../../server/news-out/unsubscribe'
import { createNewsWorker, type NewsWorker } from '../../server/news-out/worker'
import { GUEST_LINK_SECRET, PUBLIC_URL, WEB_API_KEY, createHarness, type Harness } from './harness'

/**
 * News out: "A webhook receiver on loopback gets a signed delivery for an ingested
 * event, verifies the signature, and after it answers 500 twice gets the third try; an e-mail
 * for a followed order lands in the outbox once." Every receiver listens on 127.0.0.1; the
 * worker is driven tick by tick with a clock of our own (no real waiting). The acceptance cases
 * send their events through the ingestion endpoint (POST /api/ingest/1.0/batches with a machine
 * key); the others record domain events directly.
 */

interface Received {
	path: string
	headers: Record<string, string>
	body: string
}

/** A webhook receiver on loopback answering each request with the next status of `script` (then 200). */
async function receiver() {
	const received: Received[] = []
	let script: (number | { status: number; location: string })[] = []
	const server = http.createServer((req, res) => {
		let body = ''
		req.setEncoding('utf8')
		req.on('data', (c: string) => (body += c))
		req.on('end', () => {
			received.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body })
			const next = script.shift() ?? 200
			if (typeof next === 'number')
				res
					.writeHead(next, { 'content-type': 'text/plain' })
					.end(next >= 400 ? 'receiver failed' : 'ok')
			else res.writeHead(next.status, { location: next.location }).end()
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = (server.address() as AddressInfo).port
	return {
		url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
		received,
		answer(...statuses: typeof script) {
			script = statuses
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

let h: Harness
let rx: Awaited<ReturnType<typeof receiver>>
let olivia: string
let victor: string
let gary: string
let worker: NewsWorker
let acme: string
let so1001: string
let so1003: string
let ingestKey: string
const S = 1000

beforeAll(async () => {
	h = await createHarness()
	rx = await receiver()
	olivia = await h.tokenFor('olivia@acme.test')
	victor = await h.tokenFor('victor@acme.test')
	gary = await h.tokenFor('gary@globex.test')
	// Gary manages globex's settings here, so that what keeps him out of acme's webhooks is the tenant, not the permission.
	await h.db.execute(
		sql`update memberships set permissions = array_append(permissions, 'CORE.UPDATE_SUPPLY_CHAIN_SETTINGS') where user_id = ${await h.userId('gary@globex.test')}`,
	)
	so1001 = await h.orderId('acme', 'SO-1001')
	so1003 = await h.orderId('acme', 'SO-1003')
	const [o] = await h.db
		.select({ id: shipSets.organizationId })
		.from(shipSets)
		.where(eq(shipSets.id, so1001))
	acme = o!.id
	ingestKey = (await createApiKey(h.db, 'acme', 'news-out test', ['orders:write', 'events:write']))
		.key
	worker = createNewsWorker({
		db: h.db,
		policy: addressPolicy(['loopback']),
		publicUrl: PUBLIC_URL,
		unsubscribeKey: unsubscribeKey(GUEST_LINK_SECRET),
	})
	// Whatever the seed recorded is not this test's news.
	await worker.runDueNow(new Date(Date.now() + 3600 * S))
	await h.db.delete(outboxEmails)
})

afterAll(async () => {
	await rx?.close()
	await h?.close()
})

afterEach(async () => {
	rx.received.length = 0
	rx.answer()
	await h.db.delete(webhookSubscriptions)
	await h.db.delete(notificationItems)
	await h.db.delete(outboxEmails)
})

const as = (token: string, supplyChain = 'acme') => ({ token, supplyChain })

async function subscribe(kinds: string[], url = rx.url()) {
	const res = await h.call('/api/web/webhooks', {
		...as(olivia),
		method: 'POST',
		body: { url, event_kinds: kinds, description: 'test receiver' },
	})
	expect(res.status).toBe(201)
	return res.body as { subscription: { id: string }; secret: string }
}

const eventAdded = (
	shipSetId: string,
	title: string,
	extra: Record<string, unknown> = {},
): DomainEvent => ({
	organizationId: acme,
	kind: 'order.event_added',
	shipSetId,
	occurredAt: new Date('2026-11-20T10:00:00Z'),
	payload: {
		order_number: 'SO-1001',
		title,
		event_type: 'transit',
		building_type: 'Transit',
		...extra,
	},
})

/** Sends a batch to the ingestion endpoint with acme's machine key, as a sender's system would. */
async function ingest(body: unknown) {
	const res = await h.call('/api/ingest/1.0/batches', {
		method: 'POST',
		headers: { Authorization: `Bearer ${ingestKey}` },
		body,
	})
	expect(res.status, JSON.stringify(res.body)).toBe(200)
	return res.body as { events: { created: number; unchanged: number }; status_changes: number }
}

/** One scan of an order in transit (SO-1001, SO-1003 …): its status stays, so the batch's only news is the event. */
const scan = (order: string, id: string, title: string, buildingType = 'Transit Hub') => ({
	events: [
		{
			external_id: id,
			order_number: order,
			title,
			type: 'info',
			event_at: '2026-10-25T10:00:00Z',
			timezone: 'America/Chicago',
			node: {
				building_type: buildingType,
				location: { name: 'Memphis Hub', city: 'Memphis', state: 'TN', country: 'US' },
			},
		},
	],
})

const emailsTo = (to: string) => h.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))

describe('webhooks', () => {
	it('deliver an ingested event, signed, to a loopback receiver, which verifies it; after two 500s the third try gets through', async () => {
		const { subscription, secret } = await subscribe(['order.event_added'])
		expect(secret).toMatch(/^whsec_/)
		rx.answer(500, 500)
		const batch = scan('SO-1001', 'NEWS-WH-1', 'Departed Memphis hub')
		expect((await ingest(batch)).events.created).toBe(1)
		// The same batch again stores nothing new and so announces nothing new.
		expect((await ingest(batch)).events).toMatchObject({ created: 0, unchanged: 1 })
		const t0 = new Date(Date.now() + S)

		expect((await worker.runDueNow(t0)).attempted).toBe(1)
		expect(rx.received).toHaveLength(1)
		// Not due yet: the first back-off is 15 s.
		expect((await worker.runDueNow(new Date(t0.getTime() + 5 * S))).attempted).toBe(0)
		expect((await worker.runDueNow(new Date(t0.getTime() + 15 * S))).attempted).toBe(1)
		expect(rx.received).toHaveLength(2)
		// The second back-off is 45 s more.
		expect((await worker.runDueNow(new Date(t0.getTime() + 59 * S))).attempted).toBe(0)
		expect((await worker.runDueNow(new Date(t0.getTime() + 60 * S))).attempted).toBe(1)
		expect(rx.received).toHaveLength(3)

		// Every try is the same message, signed as Standard Webhooks says; the receiver verifies it.
		const ids = new Set(rx.received.map((r) => r.headers['webhook-id']))
		expect(ids.size).toBe(1)
		const last = rx.received[2]!
		// The signature is over the timestamp of that try: verify with the test's clock.
		const wh = new Webhook(secret)
		const verified = (() => {
			const realNow = Date.now
			Date.now = () => Number(last.headers['webhook-timestamp']) * 1000
			try {
				return wh.verify(last.body, last.headers) as {
					type: string
					timestamp: string
					data: Record<string, unknown>
				}
			} finally {
				Date.now = realNow
			}
		})()
		expect(verified.type).toBe('order.event_added')
		expect(verified.data).toMatchObject({
			supply_chain: 'acme',
			ship_set_id: so1001,
			order_number: 'SO-1001',
			event: {
				external_id: 'NEWS-WH-1',
				title: 'Departed Memphis hub',
				event_type: 'info',
				building_type: 'Transit Hub',
				event_at: '2026-10-25T10:00:00.000Z',
			},
		})
		expect(verified.timestamp).toBe('2026-10-25T10:00:00.000Z')
		expect(() =>
			new Webhook(`whsec_${Buffer.from('another secret of 24 b!!').toString('base64')}`).verify(
				last.body,
				last.headers,
			),
		).toThrow()

		// The log: one delivery, three attempts with their status codes.
		const log = await h.call(`/api/web/webhooks/${subscription.id}/deliveries`, as(olivia))
		expect(log.status).toBe(200)
		const [delivery] = (
			log.body as {
				deliveries: { status: string; attempts: number; attempt_log: { status_code: number }[] }[]
			}
		).deliveries
		expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 })
		expect(delivery!.attempt_log.map((a) => a.status_code)).toEqual([500, 500, 200])
		// Nothing more to send.
		expect((await worker.runDueNow(new Date(t0.getTime() + 3600 * S))).attempted).toBe(0)
	})

	it('announce each event of a batch on its own: one domain event per order and batch, one delivery and one e-mail line per event', async () => {
		await subscribe(['order.event_added'])
		const events = ['SO-1001', 'SO-1003', 'SO-1001', 'SO-1001'].map((order, i) => ({
			...scan(order, `NEWS-GROUP-${i}`, `Group scan ${i}`).events[0]!,
			event_at: `2026-10-25T1${i}:00:00.000Z`,
		}))
		expect((await ingest({ events })).events.created).toBe(4)
		// Two rows, not four: SO-1001's three events travel together, in the batch's order.
		const rows = await h.db
			.select({
				shipSetId: domainEvents.shipSetId,
				payload: domainEvents.payload,
				occurredAt: domainEvents.occurredAt,
			})
			.from(domainEvents)
			.where(
				and(
					eq(domainEvents.kind, 'order.event_added'),
					sql`exists (select 1 from events e where e.id::text in (select jsonb_array_elements_text(${domainEvents.payload}->'event_ids')) and e.external_id like 'NEWS-GROUP-%')`,
				),
			)
		expect(rows).toHaveLength(2)
		const of1001 = rows.find((r) => r.shipSetId === so1001)!
		// The events by id (ADR 0019 §13): the dispatcher reads them when it fans the row out.
		const { rows: stored } = await h.db.execute<{ id: string; external_id: string }>(
			sql`select id, external_id from events where external_id like 'NEWS-GROUP-%'`,
		)
		const externalId = new Map(stored.map((e) => [e.id, e.external_id]))
		expect(of1001.payload).not.toHaveProperty('events')
		expect(
			(of1001.payload as { event_ids: string[] }).event_ids.map((id) => externalId.get(id)),
		).toEqual(['NEWS-GROUP-0', 'NEWS-GROUP-2', 'NEWS-GROUP-3'])
		expect(of1001.occurredAt.toISOString()).toBe('2026-10-25T13:00:00.000Z')

		await worker.runDueNow(new Date(Date.now() + S))
		// The receiver gets four deliveries, each as an event recorded alone: its own event, time and event_id.
		const bodies = rx.received.map(
			(r) =>
				JSON.parse(r.body) as {
					timestamp: string
					data: {
						event_id: string
						order_number: string
						event: { external_id: string }
						events?: unknown
					}
				},
		)
		expect(bodies.map((b) => b.data.event.external_id).sort()).toEqual([
			'NEWS-GROUP-0',
			'NEWS-GROUP-1',
			'NEWS-GROUP-2',
			'NEWS-GROUP-3',
		])
		for (const b of bodies) {
			const i = Number(b.data.event.external_id.slice(-1))
			expect(b.timestamp).toBe(`2026-10-25T1${i}:00:00.000Z`)
			expect(b.data.order_number).toBe(i === 1 ? 'SO-1003' : 'SO-1001')
			expect(b.data.events).toBeUndefined()
			expect(b.data).not.toHaveProperty('event_ids')
			// The event as the batch stored it, read back by the dispatcher.
			expect(b.data.event).toMatchObject({
				title: `Group scan ${i}`,
				event_at: `2026-10-25T1${i}:00:00.000Z`,
				stale: false,
				final_mile: false,
				location: 'Memphis, TN, US',
				issue_type: null,
			})
			expect(Object.keys(b.data.event).sort()).toEqual([
				'building_type',
				'event_at',
				'event_type',
				'external_id',
				'final_mile',
				'id',
				'issue_type',
				'location',
				'node_id',
				'shipment_id',
				'stale',
				'summary',
				'timezone',
				'title',
			])
		}
		expect(new Set(bodies.map((b) => b.data.event_id)).size).toBe(4)
		expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(4)
		// Olivia follows SO-1001 (all_status): one line for each of its three events.
		const lines = await h.db
			.select({ line: notificationItems.line })
			.from(notificationItems)
			.where(
				and(
					eq(notificationItems.email, 'olivia@acme.test'),
					eq(notificationItems.shipSetId, so1001),
				),
			)
		expect(lines.map((l) => l.line).sort()).toEqual([
			'Event: Group scan 0 (Memphis, TN, US)',
			'Event: Group scan 2 (Memphis, TN, US)',
			'Event: Group scan 3 (Memphis, TN, US)',
		])
	})

	it('send only the kinds a subscription names, and nothing to another supply chain', async () => {
		await subscribe(['order.status_changed'])
		const globexSub = await h.call('/api/web/webhooks', {
			...as(gary, 'globex'),
			method: 'POST',
			body: { url: rx.url('/globex'), event_kinds: ['order.event_added'] },
		})
		expect(globexSub.status).toBe(201)
		await recordDomainEvents(h.db, [eventAdded(so1001, 'Not for status subscribers')])
		await worker.runDueNow(new Date(Date.now() + S))
		expect(rx.received).toHaveLength(0)
	})

	it("'Send test' tries at once and logs the answer; a replay sends the same message again", async () => {
		const { subscription, secret } = await subscribe(['order.event_added'])
		const test = await h.call(`/api/web/webhooks/${subscription.id}/test`, {
			...as(olivia),
			method: 'POST',
		})
		expect(test.status).toBe(201)
		expect(test.body).toMatchObject({
			delivery: { kind: 'webhook.test', status: 'delivered', last_status_code: 200 },
		})
		expect(rx.received).toHaveLength(1)
		expect(JSON.parse(rx.received[0]!.body)).toMatchObject({ type: 'webhook.test' })
		expect(() =>
			new Webhook(secret).verify(rx.received[0]!.body, rx.received[0]!.headers),
		).not.toThrow()

		const id = (test.body as { delivery: { id: string } }).delivery.id
		rx.answer(503)
		const again = await h.call(`/api/web/webhooks/${subscription.id}/deliveries/${id}/replay`, {
			...as(olivia),
			method: 'POST',
		})
		expect(again.status).toBe(201)
		expect(again.body).toMatchObject({
			delivery: { status: 'failed', last_status_code: 503, replay_of: id },
		})
		expect(rx.received[1]!.headers['webhook-id']).toBe(rx.received[0]!.headers['webhook-id'])
		expect(rx.received[1]!.body).toBe(rx.received[0]!.body)
	})

	it('refuse private, link-local and (unless allowed) loopback destinations, and follow no redirect', async () => {
		for (const url of [
			'http://10.1.2.3/hook',
			'http://169.254.169.254/latest/meta-data',
			'http://[fe80::1]/x',
			'http://192.168.0.10:8080/',
		]) {
			const res = await h.call('/api/web/webhooks', {
				...as(olivia),
				method: 'POST',
				body: { url, event_kinds: ['order.event_added'] },
			})
			expect(res.status, url).toBe(400)
			expect((res.body as { error: string }).error).toMatch(
				/^url: Deliveries to this host are refused/,
			)
		}
		const bad = await h.call('/api/web/webhooks', {
			...as(olivia),
			method: 'POST',
			body: { url: 'ftp://example.com/x', event_kinds: [] },
		})
		expect(bad.status).toBe(400)
		expect((bad.body as { error: string }).error).toMatch(
			/url: Enter a URL starting with https:\/\/ or http:\/\//,
		)
		expect((bad.body as { error: string }).error).toMatch(
			/event_kinds: Choose at least one event kind/,
		)

		// Loopback is allowed here; a worker whose configuration allows nothing refuses it, by name too.
		await subscribe(['order.event_added'], rx.url('/by-ip'))
		await subscribe(['order.event_added'], rx.url('/by-name').replace('127.0.0.1', 'localhost'))
		await recordDomainEvents(h.db, [eventAdded(so1001, 'Refused')])
		const strict = createNewsWorker({
			db: h.db,
			policy: addressPolicy([]),
			publicUrl: PUBLIC_URL,
			unsubscribeKey: unsubscribeKey(GUEST_LINK_SECRET),
		})
		expect((await strict.runDueNow(new Date(Date.now() + S))).attempted).toBe(2)
		expect(rx.received).toHaveLength(0)
		const failed = await h.db.select().from(webhookDeliveries)
		expect(failed.map((d) => d.status)).toEqual(['failed', 'failed'])
		for (const d of failed) expect(d.lastError).toMatch(/loopback, private, link-local or reserved/)

		// A receiver that redirects (here to loopback again) is not followed: a failed attempt.
		await h.db.delete(webhookSubscriptions)
		rx.answer({ status: 302, location: rx.url('/elsewhere') })
		await subscribe(['order.event_added'])
		await recordDomainEvents(h.db, [eventAdded(so1001, 'Redirected')])
		await worker.runDueNow(new Date(Date.now() + S))
		expect(rx.received.map((r) => r.path)).toEqual(['/hook'])
		const [d] = await h.db.select().from(webhookDeliveries)
		expect(d).toMatchObject({ status: 'pending', lastStatusCode: 302 })
		expect(d!.lastError).toMatch(/redirect to .*\/elsewhere not followed/)
	})

	it('warn the administrators, then switch off a subscription that keeps failing; give up on a delivery after a day', async () => {
		const { subscription } = await subscribe(['order.event_added'])
		await h.db
			.update(webhookSubscriptions)
			.set({ consecutiveFailures: WARN_AFTER - 1 })
			.where(eq(webhookSubscriptions.id, subscription.id))
		rx.answer(500, 500, 500)
		await recordDomainEvents(h.db, [eventAdded(so1001, 'Failing')])
		const t0 = new Date(Date.now() + S)
		await worker.runDueNow(t0)
		const warned = await emailsTo('olivia@acme.test')
		expect(warned.map((e) => e.subject)).toEqual([`Webhook failing: ${rx.url()}`])
		expect(warned[0]!.text).toContain(`switched off after ${DISABLE_AFTER} failed attempts`)
		// Victor cannot manage settings: no warning for him.
		expect(await emailsTo('victor@acme.test')).toHaveLength(0)

		await h.db
			.update(webhookSubscriptions)
			.set({ consecutiveFailures: DISABLE_AFTER - 1 })
			.where(eq(webhookSubscriptions.id, subscription.id))
		await worker.runDueNow(new Date(t0.getTime() + 15 * S))
		const [sub] = await h.db
			.select()
			.from(webhookSubscriptions)
			.where(eq(webhookSubscriptions.id, subscription.id))
		expect(sub).toMatchObject({ enabled: false, consecutiveFailures: DISABLE_AFTER })
		expect((await emailsTo('olivia@acme.test')).map((e) => e.subject)).toContain(
			`Webhook switched off: ${rx.url()}`,
		)
		// Switched off: its delivery waits.
		expect((await worker.runDueNow(new Date(t0.getTime() + 3600 * S))).attempted).toBe(0)

		// Switched back on: the failures are forgotten, the delivery goes out — unless a day has passed.
		const on = await h.call(`/api/web/webhooks/${subscription.id}`, {
			...as(olivia),
			method: 'PUT',
			body: { url: rx.url(), event_kinds: ['order.event_added'], enabled: true },
		})
		expect(on.body).toMatchObject({ subscription: { enabled: true, consecutive_failures: 0 } })
		await h.db
			.update(webhookDeliveries)
			.set({ createdAt: new Date(t0.getTime() - 23.9 * 3600 * S) })
		await worker.runDueNow(new Date(t0.getTime() + 2 * 3600 * S))
		const [d] = await h.db.select().from(webhookDeliveries)
		expect(d).toMatchObject({ status: 'failed', lastStatusCode: 500, attempts: 3 })
	})

	it('are for settings managers of their own supply chain only', async () => {
		const { subscription } = await subscribe(['order.event_added'])
		expect((await h.call('/api/web/webhooks', as(victor))).status).toBe(403)
		expect((await h.call(`/api/web/webhooks/${subscription.id}`, as(gary, 'globex'))).status).toBe(
			404,
		)
		expect(
			(
				await h.call(`/api/web/webhooks/${subscription.id}/test`, {
					...as(gary, 'globex'),
					method: 'POST',
				})
			).status,
		).toBe(404)
		expect(
			(
				await h.call(`/api/web/webhooks/${subscription.id}`, {
					...as(gary, 'globex'),
					method: 'DELETE',
				})
			).status,
		).toBe(404)
		const read = await h.call(`/api/web/webhooks/${subscription.id}`, as(olivia))
		expect(JSON.stringify(read.body)).not.toContain('whsec_')
		expect(
			(await h.call(`/api/web/webhooks/${subscription.id}`, { ...as(olivia), method: 'DELETE' }))
				.status,
		).toBe(200)
		expect((await h.call(`/api/web/webhooks/${subscription.id}`, as(olivia))).status).toBe(404)
	})

	it('two workers at once send each delivery once (claims with SKIP LOCKED)', async () => {
		await subscribe(['order.event_added'])
		await recordDomainEvents(
			h.db,
			Array.from({ length: 10 }, (_, i) => eventAdded(so1001, `Parallel ${i}`)),
		)
		const other = createNewsWorker({
			db: h.db,
			policy: addressPolicy(['loopback']),
			publicUrl: PUBLIC_URL,
			unsubscribeKey: unsubscribeKey(GUEST_LINK_SECRET),
		})
		const now = new Date(Date.now() + S)
		await Promise.all([
			worker.runDueNow(now),
			other.runDueNow(now),
			worker.runDueNow(now),
			other.runDueNow(now),
		])
		await worker.runDueNow(now)
		expect(rx.received).toHaveLength(10)
		expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(10)
	})
})

describe('e-mail notifications', () => {
	const after = (seconds: number) => new Date(Date.now() + seconds * S)

	it('e-mail a follower once per batch: an ingested event of a followed order lands in the outbox once, the same batch again adds nothing; a burst of 100 is one e-mail', async () => {
		// Olivia follows SO-1001 (demo data) with the default preference, all_status.
		const batch = scan('SO-1001', 'NEWS-MAIL-1', 'Arrived at DC', 'DC')
		expect((await ingest(batch)).events.created).toBe(1)
		await worker.runDueNow(after(1))
		expect(await emailsTo('olivia@acme.test')).toHaveLength(0) // still in its batching window
		// The sender retries the same batch while the line waits, and again after the e-mail went out.
		expect((await ingest(batch)).events.created).toBe(0)
		await worker.runDueNow(after(62))
		await worker.runDueNow(after(200))
		expect((await ingest(batch)).events.created).toBe(0)
		await worker.runDueNow(after(300))
		await worker.runDueNow(after(400))
		const [mail, ...more] = await emailsTo('olivia@acme.test')
		expect(more).toHaveLength(0)
		expect(mail!.subject).toBe('SO-1001: Event: Arrived at DC (Memphis, TN, US)')
		expect(mail!.text).toContain(`${PUBLIC_URL}/timeline/${so1001}`)
		expect(mail!.headers?.['List-Unsubscribe']).toMatch(
			new RegExp(`^<${PUBLIC_URL}/unsubscribe\\?token=.+>$`),
		)
		expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
		// Victor follows nothing: nothing for him.
		expect(await emailsTo('victor@acme.test')).toHaveLength(0)

		await h.db.delete(outboxEmails)
		await recordDomainEvents(
			h.db,
			Array.from({ length: 100 }, (_, i) => eventAdded(i % 2 ? so1001 : so1003, `Scan ${i}`)),
		)
		await worker.runDueNow(after(1))
		await worker.runDueNow(after(62))
		const burst = await emailsTo('olivia@acme.test')
		expect(burst).toHaveLength(1)
		expect(burst[0]!.subject).toBe('100 updates on 2 orders')
		expect(burst[0]!.text).toContain('Scan 99')
	})

	it('follow the preference: delivered only, nodes of chosen building types, comments', async () => {
		const pref = (notification: Record<string, unknown>) =>
			h.call(`/api/web/ship_sets/${so1001}/notifications`, {
				...as(olivia),
				method: 'POST',
				body: {
					notification: {
						view_type: 'user',
						comments: false,
						promise_date: false,
						nodes: [],
						...notification,
					},
				},
			})
		expect((await pref({ notif_type: 'delivered' })).status).toBe(200)
		const status = (to: string): DomainEvent => ({
			organizationId: acme,
			kind: 'order.status_changed',
			shipSetId: so1001,
			occurredAt: new Date(),
			payload: { from: 'in_transit', to },
		})
		await recordDomainEvents(h.db, [
			eventAdded(so1001, 'Ignored: only delivered'),
			status('delivered'),
		])
		await worker.runDueNow(after(1))
		await worker.runDueNow(after(62))
		let mails = await emailsTo('olivia@acme.test')
		expect(mails.map((m) => m.subject)).toEqual(['SO-1001: Status: In Transit → Delivered'])

		await h.db.delete(outboxEmails)
		expect((await pref({ notif_type: 'nodes', nodes: ['DC'] })).status).toBe(200)
		await recordDomainEvents(h.db, [
			eventAdded(so1001, 'At the DC', { building_type: 'DC' }),
			eventAdded(so1001, 'In transit, not chosen'),
		])
		await worker.runDueNow(after(1))
		await worker.runDueNow(after(62))
		mails = await emailsTo('olivia@acme.test')
		expect(mails.map((m) => m.subject)).toEqual(['SO-1001: Event: At the DC (DC)'])
		expect((await pref({ notif_type: 'all_status' })).status).toBe(200)
	})

	it("the 'promise date' flag e-mails when an ingested order's promise date changes, whatever notif_type says", async () => {
		const so1003 = await h.orderId('acme', 'SO-1003')
		const pref = (promiseDate: boolean) =>
			h.call(`/api/web/ship_sets/${so1003}/notifications`, {
				...as(olivia),
				method: 'POST',
				body: {
					notification: {
						view_type: 'user',
						notif_type: 'no_notif',
						comments: false,
						promise_date: promiseDate,
						nodes: [],
					},
				},
			})
		const promise = (date: string) =>
			ingest({ orders: [{ order_number: 'SO-1003', promise_date: date }] })
		const flush = async () => {
			await worker.runDueNow(after(1))
			await worker.runDueNow(after(62))
		}
		// Flag off: the change is news for webhooks, not an e-mail.
		expect((await pref(false)).status).toBe(200)
		await promise('2026-12-20T00:00:00Z')
		await flush()
		expect(await emailsTo('olivia@acme.test')).toHaveLength(0)

		expect((await pref(true)).status).toBe(200)
		await promise('2026-12-24T00:00:00Z')
		await promise('2026-12-24T00:00:00Z') // the same date again is no change
		await flush()
		const mails = await emailsTo('olivia@acme.test')
		expect(mails.map((m) => m.subject)).toEqual(['SO-1003: Promise date: 2026-12-24'])
		const { rows } = await h.db.execute<{ payload: Record<string, unknown> }>(
			sql`select payload from domain_events where ship_set_id = ${so1003} and kind = 'order.promise_date_changed' order by seq`,
		)
		expect(rows.map((r) => r.payload)).toMatchObject([
			{ order_number: 'SO-1003', promise_date: '2026-12-20T00:00:00.000Z' },
			{
				order_number: 'SO-1003',
				promise_date: '2026-12-24T00:00:00.000Z',
				previous_promise_date: '2026-12-20T00:00:00.000Z',
			},
		])
		await h.call(`/api/web/ship_sets/${so1003}/notifications`, {
			...as(olivia),
			method: 'POST',
			body: {
				notification: {
					view_type: 'user',
					notif_type: 'all_status',
					comments: false,
					promise_date: false,
					nodes: [],
				},
			},
		})
	})

	it('final_mile: an ingested order e-mails the events of its final-mile shipment and its delivery, not the line haul', async () => {
		const dallas = { name: 'FM Clinic', city: 'Dallas', state: 'TX', country: 'US' }
		const ev = (
			n: number,
			title: string,
			type: string,
			hours: number,
			node: object,
			shipment?: string,
		) => ({
			external_id: `NEWS-FM-EV-${n}`,
			order_number: 'NEWS-FM',
			shipment_external_id: shipment,
			title,
			type,
			event_at: new Date(Date.parse('2026-10-01T08:00:00Z') + hours * 3_600_000).toISOString(),
			timezone: 'UTC',
			node,
		})
		await ingest({
			orders: [{ order_number: 'NEWS-FM', final_location: dallas }],
			shipments: [
				{
					external_id: 'NEWS-FM-S1',
					order_number: 'NEWS-FM',
					carrier: 'UPS',
					tracking_number: 'NEWSFM1',
				},
				{
					external_id: 'NEWS-FM-S2',
					order_number: 'NEWS-FM',
					carrier: 'FedEx',
					tracking_number: 'NEWSFM2',
					final_mile: true,
				},
			],
			events: [
				ev(1, 'Order received', 'info', 0, { building_type: 'Factory' }),
				ev(2, 'Production started', 'info', 1, { building_type: 'Factory' }),
			],
		})
		const id = await h.orderId('acme', 'NEWS-FM')
		expect(
			(await h.call(`/api/web/ship_sets/${id}/follows`, { ...as(olivia), method: 'POST' })).status,
		).toBeLessThan(300)
		const pref = await h.call(`/api/web/ship_sets/${id}/notifications`, {
			...as(olivia),
			method: 'POST',
			body: {
				notification: {
					view_type: 'user',
					notif_type: 'final_mile',
					comments: false,
					promise_date: false,
					nodes: [],
				},
			},
		})
		expect(pref.status).toBe(200)
		await worker.runDueNow(after(1))
		await worker.runDueNow(after(62))
		await h.db.delete(outboxEmails)
		await ingest({
			events: [
				ev(3, 'Line haul picked up', 'transit', 10, { building_type: 'Transit' }, 'NEWS-FM-S1'),
				ev(4, 'Out for delivery', 'transit', 30, { building_type: 'Transit' }, 'NEWS-FM-S2'),
				ev(
					5,
					'Sorted at the last-mile hub',
					'info',
					31,
					{
						building_type: 'Transit Hub',
						location: { name: 'FM Hub', city: 'Dallas', country: 'US' },
					},
					'NEWS-FM-S2',
				),
				ev(6, 'Received by customer', 'delivered', 40, {
					building_type: 'Customer',
					location: dallas,
				}),
			],
		})
		await worker.runDueNow(after(1))
		await worker.runDueNow(after(62))
		const [mail, ...more] = await emailsTo('olivia@acme.test')
		expect(more).toHaveLength(0)
		expect(mail!.subject).toBe('NEWS-FM: 4 updates')
		const lines = mail!.text
			.split('\n')
			.filter((l) => l.includes('•'))
			.map((l) => l.replace(/^.*UTC {2}/, ''))
		expect(lines.sort()).toEqual(
			[
				'Event: Out for delivery (Transit)',
				'Event: Received by customer (Dallas, TX, US)',
				'Event: Sorted at the last-mile hub (Dallas, US)',
				'Status: In Transit → Delivered',
			].sort(),
		)
	})

	it('e-mail the member a comment mentions, and not its author', async () => {
		const victorId = await h.userId('victor@acme.test')
		const res = await h.call('/api/comments/comment/post', {
			...as(olivia),
			method: 'POST',
			body: {
				commentBody: `Please check the pallet <UserMention>${victorId}</UserMention>`,
				mentionedIds: [victorId],
				shipSetId: so1003,
			},
		})
		expect(res.status).toBe(201)
		const [event] = await h.db
			.select()
			.from(domainEvents)
			.where(and(eq(domainEvents.kind, 'comment.added'), eq(domainEvents.shipSetId, so1003)))
		expect(event!.payload).toMatchObject({
			author_user_id: await h.userId('olivia@acme.test'),
			mentioned_user_ids: [victorId],
		})
		await worker.runDueNow(after(1))
		await worker.runDueNow(after(62))
		const [mail, ...more] = await emailsTo('victor@acme.test')
		expect(more).toHaveLength(0)
		expect(mail!.subject).toBe('You were mentioned on SO-1003')
		expect(mail!.text).toContain('Please check the pallet')
		// Olivia wrote it (and follows SO-1003): no e-mail about her own comment.
		expect(await emailsTo('olivia@acme.test')).toHaveLength(0)
	})

	it('unsubscribe with the one-click link: no more e-mails about that order; a forged link is refused', async () => {
		await recordDomainEvents(h.db, [eventAdded(so1003, 'Before unsubscribing')])
		await worker.runDueNow(after(1))
		await worker.runDueNow(after(62))
		const [mail] = await emailsTo('olivia@acme.test')
		const link = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!
		const token = new URL(link).searchParams.get('token')!
		const key = { headers: { 'X-Api-Key': WEB_API_KEY } }

		expect((await h.call('/api/web/unsubscribe', { method: 'POST', body: { token } })).status).toBe(
			401,
		)
		const forged = await h.call('/api/web/unsubscribe', {
			...key,
			method: 'POST',
			body: { token: `${token.split('.')[0]}.AAAA` },
		})
		expect(forged.status).toBe(400)
		const read = await h.call(`/api/web/unsubscribe?token=${encodeURIComponent(token)}`, key)
		expect(read.body).toMatchObject({
			what: 'e-mails about order SO-1003',
			email: 'olivia@acme.test',
			done: false,
		})
		const done = await h.call('/api/web/unsubscribe', { ...key, method: 'POST', body: { token } })
		expect(done.body).toMatchObject({ what: 'e-mails about order SO-1003', done: true })
		// Twice is the same as once.
		expect(
			(await h.call('/api/web/unsubscribe', { ...key, method: 'POST', body: { token } })).status,
		).toBe(200)

		await h.db.delete(outboxEmails)
		await recordDomainEvents(h.db, [
			eventAdded(so1003, 'After unsubscribing'),
			eventAdded(so1001, 'Another order still e-mailed'),
		])
		await worker.runDueNow(after(1))
		await worker.runDueNow(after(62))
		const mails = await emailsTo('olivia@acme.test')
		expect(mails.map((m) => m.subject)).toEqual([
			'SO-1001: Event: Another order still e-mailed (Transit)',
		])
		const pref = await h.call(`/api/web/ship_sets/${so1003}/notifications`, as(olivia))
		expect(pref.body).toMatchObject({ notification: { notif_type: 'no_notif' } })
	})

	it('send the daily digest of followed orders without updates once a day', async () => {
		// SO-1001 is in transit; make it quiet for three days.
		// Another day than the one the worker's first tick (beforeAll) may have digested already.
		const now = new Date(Date.now() + 2 * 86_400 * S)
		now.setUTCHours(7)
		await h.db
			.update(shipSets)
			.set({ lastEventAt: new Date(now.getTime() - 3 * 86_400 * S) })
			.where(eq(shipSets.id, so1001))
		const ctx = {
			db: h.db,
			now,
			publicUrl: PUBLIC_URL,
			unsubscribeKey: unsubscribeKey(GUEST_LINK_SECRET),
		}
		expect(await runDailyDigest(ctx)).toBeGreaterThanOrEqual(1)
		expect(await runDailyDigest(ctx)).toBe(0)
		const [digest, ...more] = (await emailsTo('olivia@acme.test')).filter((m) =>
			m.subject.startsWith('Orders without updates'),
		)
		expect(more).toHaveLength(0)
		expect(digest!.text).toContain('SO-1001')
		expect(digest!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
		const followers = await h.db
			.select({ n: count() })
			.from(follows)
			.where(eq(follows.shipSetId, so1001))
		expect(followers[0]!.n).toBeGreaterThanOrEqual(1)
	})
})

describe('writers record their domain events', () => {
	it('a sensor breach opened by readings is a breach.opened naming its orders', async () => {
		const so1007 = await h.orderId('acme', 'SO-1007')
		const { rows } = await h.db.execute<{ group: string }>(sql`
			with g as (
				insert into tracking_groups (organization_id, name, shipment_id, device_type_name, started_at)
				select s.organization_id, 'TG-NEWS', s.id, 'Test logger', now() - interval '1 day' from shipments s where s.ship_set_id = ${so1007} order by s.created_at limit 1
				returning id, organization_id
			), i as (
				insert into tracking_group_items (organization_id, tracking_group_id, item_type, name, measurable_id)
				select organization_id, id, 'pallet', 'PLT-NEWS-1', 'PLT-NEWS-1' from g
			), t as (
				insert into threshold_settings (organization_id, tracking_group_id, measurement_type_id, min, max)
				select g.organization_id, g.id, m.id, 2, 8 from g, measurement_types m where m.code = 'temperature'
			)
			select id as "group" from g`)
		const { ingestReadings } = await import('../../server/sensors/ingest')
		const at = (h: number) => new Date(Date.now() - (10 - h) * 3600 * S).toISOString()
		await ingestReadings(h.db, acme, rows[0]!.group, [
			{ measurable_id: 'PLT-NEWS-1', type: 'temperature', measure_at: at(0), value: 12 },
			{ measurable_id: 'PLT-NEWS-1', type: 'temperature', measure_at: at(1), value: 5 },
		])
		const news = await h.db
			.select()
			.from(domainEvents)
			.where(sql`${domainEvents.kind} like 'breach.%' and ${domainEvents.dispatchedAt} is null`)
		expect(news.map((n) => n.kind).sort()).toEqual(['breach.closed', 'breach.opened'])
		expect(news[0]!.payload).toMatchObject({
			item_name: 'PLT-NEWS-1',
			ship_set_ids: expect.arrayContaining([so1007]),
		})
	})
})
