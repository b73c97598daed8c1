import { describe, expect, it } from 'vitest'
import { Webhook } from 'standardwebhooks'
import { DOMAIN_EVENT_KINDS } from '../domain-events/record'
import { WEBHOOK_EVENT_KINDS } from './webhooks.contract'
import { addressPolicy, guardedLookup, refusalOf } from './address-guard'
import {
	DEFAULT_PREFERENCE,
	describe as describeEvent,
	wants,
	type Preference,
} from './preferences'
import { signUnsubscribe, unsubscribeKey, verifyUnsubscribe } from './unsubscribe'
import { signedHeaders } from './webhook-http'
import { newSecret, retryDelayMs, RETRY_WINDOW_MS } from './webhooks'
import { newsOf } from './dispatcher'

describe('event kinds', () => {
	it('the webhook screen offers exactly the domain events’ kinds', () => {
		expect([...WEBHOOK_EVENT_KINDS].sort()).toEqual([...DOMAIN_EVENT_KINDS].sort())
	})
})

describe('address guard: "Deliveries to loopback, private and link-local addresses are refused unless the configuration allows them"', () => {
	const none = addressPolicy([])
	const loopback = addressPolicy(['loopback'])
	it.each([
		['127.0.0.1', true],
		['127.8.9.10', true],
		['::1', true],
		['10.0.0.1', true],
		['172.16.5.4', true],
		['172.32.0.1', false],
		['192.168.1.1', true],
		['169.254.169.254', true],
		['fe80::1', true],
		['fd12:3456::1', true],
		['::ffff:10.0.0.1', true],
		['::ffff:127.0.0.1', true],
		['100.64.0.1', true],
		['0.0.0.0', true],
		['224.0.0.1', true],
		['8.8.8.8', false],
		['2606:4700:4700::1111', false],
		// IPv4 inside IPv6 (issue 45, door 3): compatible, NAT64, hex-written.
		['::127.0.0.1', true],
		['64:ff9b::127.0.0.1', true],
		['64:ff9b::7f00:1', true],
		['::ffff:7f00:1', true],
		['64:ff9b::a00:1', true],
		['64:ff9b::808:808', false],
		// Documentation and benchmarking ranges are nobody's service (a host may carry one itself).
		['192.0.2.2', true],
		['198.51.100.7', true],
		['203.0.113.9', true],
		['198.18.0.1', true],
		['2001:db8::1', true],
	])('%s refused: %s', (address, refused) => {
		expect(refusalOf(none, address) !== null).toBe(refused)
	})
	it("this host's own addresses count as loopback (issue 45, door 3)", () => {
		const own = addressPolicy([], ['203.0.113.50', '93.184.216.34', 'fe80::1'])
		expect(refusalOf(own, '93.184.216.34')).not.toBeNull()
		expect(refusalOf(addressPolicy(['loopback'], ['93.184.216.34']), '93.184.216.34')).toBeNull()
		expect(refusalOf(own, '93.184.216.35')).toBeNull()
	})
	it('the allow-list lets loopback through and nothing else', () => {
		expect(refusalOf(loopback, '127.0.0.1')).toBeNull()
		expect(refusalOf(loopback, '::1')).toBeNull()
		expect(refusalOf(loopback, '::ffff:127.0.0.1')).toBeNull()
		expect(refusalOf(loopback, '10.0.0.1')).not.toBeNull()
		expect(refusalOf(loopback, '0.0.0.0')).not.toBeNull()
		expect(refusalOf(addressPolicy(['10.1.0.0/16']), '10.1.2.3')).toBeNull()
		expect(refusalOf(addressPolicy(['10.1.0.0/16']), '10.2.0.1')).not.toBeNull()
	})
	it('a bad allow-list entry is named', () => {
		expect(() => addressPolicy(['intranet'])).toThrow(/'intranet' is neither loopback/)
		expect(() => addressPolicy(['10.0.0.0/33'])).toThrow(/10.0.0.0\/33/)
	})
	it('a name is refused when ANY address it resolves to is refused', async () => {
		const fake = ((
			_host: string,
			_opts: unknown,
			cb: (e: null, a: { address: string; family: number }[]) => void,
		) =>
			cb(null, [
				{ address: '93.184.216.34', family: 4 },
				{ address: '10.0.0.7', family: 4 },
			])) as unknown as typeof import('node:dns').lookup
		const result = await new Promise<{ err: Error | null; address: unknown }>((resolve) =>
			guardedLookup(none, fake)('mixed.example', {}, (err, address) => resolve({ err, address })),
		)
		expect(result.err?.message).toMatch(
			/mixed.example resolves to a loopback, private, link-local or reserved address/,
		)
		// What the name resolves to inside the network is not said (issue 45, door 3).
		expect(result.err?.message).not.toContain('10.0.0.7')
		const ok = await new Promise<{ err: Error | null; address: unknown }>((resolve) =>
			guardedLookup(none, ((
				_h: string,
				_o: unknown,
				cb: (e: null, a: { address: string; family: number }[]) => void,
			) =>
				cb(null, [
					{ address: '93.184.216.34', family: 4 },
				])) as unknown as typeof import('node:dns').lookup)('public.example', {}, (err, address) =>
				resolve({ err, address }),
			),
		)
		expect(ok).toEqual({ err: null, address: '93.184.216.34' })
	})
})

describe('Standard Webhooks signing', () => {
	it('signs id.timestamp.body with the whsec_ secret, as the standardwebhooks package verifies', () => {
		const secret = newSecret()
		expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
		const body = JSON.stringify({
			type: 'order.event_added',
			timestamp: '2026-11-20T10:00:00.000Z',
			data: { a: 1 },
		})
		const headers = signedHeaders({
			url: 'http://127.0.0.1/',
			secret,
			messageId: 'msg_1',
			timestamp: new Date(),
			body,
		})
		expect(headers['webhook-id']).toBe('msg_1')
		expect(headers['webhook-timestamp']).toMatch(/^\d{10}$/)
		expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
		expect(() => new Webhook(secret).verify(body.replace('1}', '2}'), headers)).toThrow()
	})
})

describe('retries: exponential back-off for a day', () => {
	it('15 s, 45 s, 2¼ min … at most 8 h, and about ten tries fit in a day', () => {
		expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([15_000, 45_000, 135_000, 405_000])
		expect(retryDelayMs(20)).toBe(8 * 3600_000)
		let elapsed = 0
		let tries = 1
		while (elapsed + retryDelayMs(tries) <= RETRY_WINDOW_MS) elapsed += retryDelayMs(tries++)
		expect(tries).toBeGreaterThanOrEqual(8)
		expect(tries).toBeLessThanOrEqual(12)
	})
})

describe('notification preferences (002 §4: notif_type all_status, final_mile, delivered, nodes, no_notif; comments and promise date flags)', () => {
	const pref = (p: Partial<Preference>): Preference => ({ ...DEFAULT_PREFERENCE, ...p })
	const event = (building_type: string, extra: Record<string, unknown> = {}) => ({
		kind: 'order.event_added',
		payload: { title: 'Scan', building_type, ...extra },
	})
	const status = (to: string) => ({
		kind: 'order.status_changed',
		payload: { from: 'in_transit', to },
	})
	const comment = { kind: 'comment.added', payload: { author_name: 'Olivia', excerpt: 'Hi' } }
	const promise = {
		kind: 'order.promise_date_changed',
		payload: { promise_date: '2026-12-01T00:00:00Z' },
	}
	it('all_status: every status update, no comments unless flagged', () => {
		expect(wants(DEFAULT_PREFERENCE, event('Transit'))).toBe(true)
		expect(wants(DEFAULT_PREFERENCE, status('delivered'))).toBe(true)
		expect(wants(DEFAULT_PREFERENCE, { kind: 'breach.opened', payload: {} })).toBe(true)
		expect(wants(DEFAULT_PREFERENCE, comment)).toBe(false)
		expect(wants(pref({ comments: true }), comment)).toBe(true)
	})
	it('final_mile: the last leg and the delivery', () => {
		const p = pref({ notifType: 'final_mile' })
		expect(wants(p, event('Customer'))).toBe(true)
		expect(wants(p, event('Transit', { final_mile: true }))).toBe(true)
		expect(wants(p, event('Transit'))).toBe(false)
		expect(wants(p, status('delivered'))).toBe(true)
		expect(wants(p, status('in_transit'))).toBe(false)
	})
	it('delivered: the delivery only', () => {
		const p = pref({ notifType: 'delivered' })
		expect(wants(p, status('delivered'))).toBe(true)
		expect(wants(p, event('Customer'))).toBe(false)
	})
	it('nodes: events at the chosen building types', () => {
		const p = pref({ notifType: 'nodes', nodes: ['Factory', 'DC'] })
		expect(wants(p, event('DC'))).toBe(true)
		expect(wants(p, { kind: 'order.exception', payload: { building_type: 'Factory' } })).toBe(true)
		expect(wants(p, event('Transit'))).toBe(false)
		expect(wants(p, status('delivered'))).toBe(false)
	})
	it('no_notif: nothing but what the flags ask', () => {
		const p = pref({ notifType: 'no_notif', promiseDate: true })
		expect(wants(p, event('DC'))).toBe(false)
		expect(wants(p, promise)).toBe(true)
		expect(wants(p, comment)).toBe(false)
	})
	it('reads the ingestion’s nested event as well as flat payloads', () => {
		// As server/ingest/batch.ts writes it.
		const ingested = {
			kind: 'order.event_added',
			payload: {
				order_number: 'SO-1',
				event: {
					title: 'Arrived',
					event_type: 'transit',
					building_type: 'DC',
					location: 'Reno, NV, US',
					final_mile: false,
				},
			},
		}
		expect(wants(pref({ notifType: 'nodes', nodes: ['DC'] }), ingested)).toBe(true)
		expect(wants(pref({ notifType: 'nodes', nodes: ['Factory'] }), ingested)).toBe(false)
		expect(describeEvent(ingested)).toBe('Event: Arrived (Reno, NV, US)')
		const lastLeg = {
			...ingested,
			payload: { event: { ...ingested.payload.event, building_type: 'Transit', final_mile: true } },
		}
		expect(wants(pref({ notifType: 'final_mile' }), lastLeg)).toBe(true)
		expect(wants(pref({ notifType: 'final_mile' }), ingested)).toBe(false)
	})
	it('describes events in one line', () => {
		expect(describeEvent(status('delivered'))).toBe('Status: In Transit → Delivered')
		expect(describeEvent(event('DC', { location: 'Reno, NV' }))).toBe('Event: Scan (Reno, NV)')
		expect(describeEvent(comment)).toBe('Comment by Olivia: “Hi”')
	})
})

describe('one-click unsubscribe tokens', () => {
	const key = unsubscribeKey('a-guest-link-secret-of-32-characters!!')
	const claims = {
		o: '83a4796e-80a5-44ea-9475-d784b2767b04',
		e: 'olivia@acme.test',
		u: null,
		s: 'digest' as const,
	}
	it('verify what was signed, refuse anything changed or signed with another key', () => {
		const token = signUnsubscribe(key, claims)
		expect(verifyUnsubscribe(key, token)).toEqual(claims)
		const [body, sig] = token.split('.')
		const other = Buffer.from(JSON.stringify({ ...claims, e: 'victor@acme.test' })).toString(
			'base64url',
		)
		expect(verifyUnsubscribe(key, `${other}.${sig}`)).toBeNull()
		expect(verifyUnsubscribe(key, `${body}.${sig}x`)).toBeNull()
		expect(
			verifyUnsubscribe(unsubscribeKey('another-secret-of-32-characters-long!!'), token),
		).toBeNull()
		expect(verifyUnsubscribe(key, 'garbage')).toBeNull()
	})
})

describe('newsOf', () => {
	const row = (payload: Record<string, unknown>) =>
		({
			id: '0b3c6d0e-8f4a-4d55-9a8e-4c1b8d6f2a10',
			organizationId: 'org',
			kind: 'order.event_added',
			shipSetId: 'o1',
			payload,
			occurredAt: new Date('2026-11-01T00:00:00Z'),
		}) as unknown as Parameters<typeof newsOf>[0]
	const event = (id: string, at: string) => ({ id, title: `Scan ${id}`, event_at: at })

	it('announces each event an order.event_added names, as read back; an event deleted since is no news', () => {
		const wired = new Map([['e2', event('e2', '2026-11-02T10:00:00.000Z')]])
		const news = newsOf(
			row({ ship_set_id: 'o1', order_number: 'SO-1', event_ids: ['e1', 'e2'] }),
			wired,
		)
		expect(news).toHaveLength(1)
		expect(news[0]!.payload).toEqual({
			ship_set_id: 'o1',
			order_number: 'SO-1',
			event: wired.get('e2'),
		})
		expect(news[0]!.occurredAt.toISOString()).toBe('2026-11-02T10:00:00.000Z')
		// Its id is the event's place in the row (the second), whatever was skipped before it.
		expect(news[0]!.id).toBe(newsOf(row({ event_ids: ['e0', 'e2'] }), wired)[0]!.id)
		expect(news[0]!.id).not.toBe(newsOf(row({ event_ids: ['e2'] }), wired)[0]!.id)
	})

	it('announces an order.exception with the event it names, and nothing once that event is gone', () => {
		const exception = {
			...row({ ship_set_id: 'o1', order_number: 'SO-1', event_id: 'x1' }),
			kind: 'order.exception',
		} as Parameters<typeof newsOf>[0]
		const wired = new Map([
			['x1', { ...event('x1', '2026-11-02T10:00:00.000Z'), event_type: 'exception' }],
		])
		const news = newsOf(exception, wired)
		expect(news.map((n) => [n.id, n.payload])).toEqual([
			[exception.id, { ship_set_id: 'o1', order_number: 'SO-1', event: wired.get('x1') }],
		])
		expect(newsOf(exception, new Map())).toEqual([])
	})

	it('reads a row recorded with the events themselves as it is', () => {
		const news = newsOf(
			row({
				order_number: 'SO-1',
				events: [event('a', '2026-11-03T00:00:00.000Z'), event('b', '2026-11-04T00:00:00.000Z')],
			}),
		)
		expect(news.map((n) => (n.payload.event as { id: string }).id)).toEqual(['a', 'b'])
	})
})
