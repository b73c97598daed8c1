import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
	PublicSearchResponse,
	PublicTimelineResponse,
} from '../../server/sharing/public-tracker.contract'
import { PUBLIC_LIMITS, TOO_MANY_REQUESTS } from '../../server/api/public-client'
import { createHarness, WEB_API_KEY, type Harness } from './harness'

// The public order tracker and 000 §3 "Public search result", "Public timeline
// response", §7 "GET /public_order_tracker/search", "GET /public_order_tracker/{ssid}/timeline".

let h: Harness
let n = 0
beforeAll(async () => {
	h = await createHarness()
})
afterAll(async () => {
	await h?.close()
})

/** As the web tier calls it: its API key and a distinct browser address per test, so limits do not leak between tests. */
function asWebTier(address = `198.51.100.${++n}`, captcha = true): Record<string, string> {
	return {
		'X-Api-Key': WEB_API_KEY,
		'X-Client-Address': address,
		...(captcha ? { 'X-Captcha-Passed': '1' } : {}),
		Authorization: '',
	}
}

async function search(org: string, query: string, extra = '', headers = asWebTier()) {
	const res = await h.call(
		`/api/web/public_order_tracker/search?query_string=${encodeURIComponent(query)}${extra}`,
		{
			supplyChain: org,
			headers,
		},
	)
	return res
}

async function timeline(org: string, ssid: string, headers = asWebTier()) {
	return h.call(`/api/web/public_order_tracker/${ssid}/timeline`, { supplyChain: org, headers })
}

const numbers = (body: unknown) =>
	PublicSearchResponse.parse(body).ship_sets.map((r) => r.order_number)

describe('search', () => {
	it('finds an order by its number, case-insensitively, without a token', async () => {
		const res = await search('acme', 'so-1001')
		expect(res.status).toBe(200)
		const body = PublicSearchResponse.parse(res.body)
		expect(body.total_count).toBe(1)
		expect(body.ship_sets[0]).toMatchObject({
			order_number: 'SO-1001',
			reference_number: 'PO-7781',
			order_status: 'in_transit',
			last_status: 'In transit',
			last_status_type: 'transit',
			// The carrier and the tracking number of one shipment: the UPS line haul the last status came from.
			carrier: 'UPS',
			tracking_number: '1Z999AA10123456784',
		})
	})

	it('finds both orders of reference PO-7781, sorted as asked', async () => {
		expect(numbers((await search('acme', 'PO-7781')).body)).toEqual(['SO-1001', 'SO-1002'])
		expect(numbers((await search('acme', 'PO-7781', '&order=desc')).body)).toEqual([
			'SO-1002',
			'SO-1001',
		])
		expect(
			numbers((await search('acme', 'PO-7781', '&order_by=reference_number&order=desc')).body),
		).toEqual(['SO-1002', 'SO-1001'])
	})

	it('finds SO-1001 by a tracking number, carrying the shipment that matched', async () => {
		const body = PublicSearchResponse.parse((await search('acme', '1Z999AA10123456784')).body)
		expect(body.total_count).toBe(1)
		expect(body.ship_sets[0]).toMatchObject({
			order_number: 'SO-1001',
			tracking_number: '1Z999AA10123456784',
			carrier: 'UPS',
		})
		// The final mile's number: that shipment's carrier with it, not the last status's.
		const usps = PublicSearchResponse.parse((await search('acme', '9400111899223197428490')).body)
		expect(usps.ship_sets[0]).toMatchObject({
			order_number: 'SO-1001',
			tracking_number: '9400111899223197428490',
			carrier: 'USPS',
		})
	})

	it('finds nothing for that number in globex, nor in an organization that does not exist', async () => {
		for (const org of ['globex', 'no-such-org']) {
			const res = await search(org, '1Z999AA10123456784')
			expect(res.status, org).toBe(200)
			expect(res.body, org).toEqual({ total_count: 0, ship_sets: [] })
		}
	})

	it('pages 10 at a time and answers a page past the end with no rows', async () => {
		const res = await search('acme', 'SO-1003', '&page_no=2')
		expect(PublicSearchResponse.parse(res.body)).toEqual({ total_count: 1, ship_sets: [] })
	})

	it('answers 400 naming the field for malformed parameters', async () => {
		const cases: [string, RegExp][] = [
			['/api/web/public_order_tracker/search?query_string=SO-1001&page_no=0', /^page_no: /],
			['/api/web/public_order_tracker/search?query_string=SO-1001&order_by=price', /^order_by: /],
			['/api/web/public_order_tracker/search?query_string=SO-1001&order=up', /^order: /],
			['/api/web/public_order_tracker/search?query_string=SO-1001&per_page=500', /^per_page: /],
			['/api/web/public_order_tracker/search?query_string=%20', /^query_string: /],
		]
		for (const [path, error] of cases) {
			const res = await h.call(path, { supplyChain: 'acme', headers: asWebTier() })
			expect(res.status, path).toBe(400)
			expect(res.body?.error, path).toMatch(error)
		}
		const noOrg = await h.call('/api/web/public_order_tracker/search?query_string=SO-1001', {
			headers: asWebTier(),
		})
		expect(noOrg.status).toBe(400)
		expect(noOrg.body?.error).toMatch(/x-supply-chain/)
	})

	it('carries exactly the public fields', async () => {
		const res = await search('acme', 'PO-7781')
		expect(Object.keys(res.body ?? {}).sort()).toEqual(['ship_sets', 'total_count'])
		for (const row of (res.body as { ship_sets: object[] }).ship_sets) {
			expect(Object.keys(row).sort()).toEqual(
				[
					'carrier',
					'city',
					'country',
					'last_status',
					'last_status_at',
					'last_status_timezone',
					'last_status_type',
					'order_number',
					'order_status',
					'reference_number',
					'ship_set_id',
					'state',
					'tracking_number',
				].sort(),
			)
		}
	})
})

describe('timeline', () => {
	async function idOf(org: string, number: string) {
		const body = PublicSearchResponse.parse((await search(org, number)).body)
		const id = body.ship_sets[0]?.ship_set_id
		if (!id) throw new Error(`no ${number} in ${org}`)
		return id
	}

	it('returns the order with its nodes, groups, events and shipments', async () => {
		const res = await timeline('acme', await idOf('acme', 'SO-1001'))
		expect(res.status).toBe(200)
		const { ship_set } = PublicTimelineResponse.parse(res.body).data
		expect(ship_set.name).toBe('SO-1001')
		expect(ship_set.status).toBe('in_transit')
		expect(ship_set.nodes.map((n) => n.building_type)).toEqual([
			'Factory',
			'Transit',
			'Transit',
			'DC',
			'Customer',
		])
		expect(ship_set.grouped_nodes.map((g) => g.node_ids.length)).toEqual([1, 2, 1, 1])
		expect(ship_set.shipments.map((s) => s.tracking_number).sort()).toEqual([
			'1Z999AA10123456784',
			'9400111899223197428490',
		])
		expect(ship_set.events.length).toBeGreaterThan(5)
		const times = ship_set.events.map((e) => e.event_at)
		expect(times).toEqual([...times].sort().reverse())
	})

	it('answers an unknown organization, an unknown order and another organization’s order alike', async () => {
		const acmeOrder = await idOf('acme', 'SO-1001')
		const answers = [
			await timeline('globex', acmeOrder),
			await timeline('no-such-org', acmeOrder),
			await timeline('acme', '00000000-0000-4000-8000-000000000000'),
			await timeline('acme', 'not-a-uuid'),
		]
		for (const res of answers) {
			expect(res.status).toBe(404)
			expect(res.body).toEqual({ error: 'Not found' })
		}
	})

	it('carries exactly the public fields, never comments, documents, users, notes or attributes', async () => {
		const res = await timeline('acme', await idOf('acme', 'SO-1001'))
		const body = res.body as { data: { ship_set: Record<string, unknown[]> } }
		expect(Object.keys(body)).toEqual(['data'])
		expect(Object.keys(body.data)).toEqual(['ship_set'])
		const shipSet = body.data.ship_set
		expect(Object.keys(shipSet).sort()).toEqual(
			[
				'events',
				'grouped_nodes',
				'location',
				'name',
				'nodes',
				'reference_number',
				'shipments',
				'status',
			].sort(),
		)
		const keys = (list: unknown[]) =>
			[...new Set(list.flatMap((item) => Object.keys(item as object)))].sort()
		expect(keys(shipSet.nodes!)).toEqual(
			[
				'building_type',
				'connectable_id',
				'icon_class',
				'id',
				'last_event_at',
				'location',
				'position',
				'position_in_group',
				'source',
				'with_exception_event',
			].sort(),
		)
		expect(keys(shipSet.events!)).toEqual(
			[
				'blockchain_verified',
				'event_at',
				'event_type',
				'id',
				'node_id',
				'shipment_status',
				'stale_at',
				'timezone_name',
				'title',
			].sort(),
		)
		expect(keys(shipSet.shipments!)).toEqual(
			[
				'carrier',
				'consignee',
				'delivery_date',
				'delivery_date_timezone',
				'id',
				'shipper',
				'tracking_number',
			].sort(),
		)
		expect(keys(shipSet.grouped_nodes!)).toEqual(['key', 'node_ids', 'position'])
		expect(Object.keys(shipSet.location as object).sort()).toEqual(['city', 'country', 'state'])
		const text = JSON.stringify(body)
		for (const secret of [
			'olivia',
			'Northwind',
			'DLV-1001',
			'SL4410021',
			'Severe weather',
			'comment',
			'document',
			'photo',
		]) {
			expect(text, secret).not.toContain(secret)
		}
	})
})

describe('rate limits', () => {
	it(`allows ${PUBLIC_LIMITS.searchWithoutCaptcha} searches a minute without the captcha, then answers 429 with Retry-After`, async () => {
		const headers = asWebTier('203.0.113.10', false)
		for (let i = 0; i < PUBLIC_LIMITS.searchWithoutCaptcha; i++) {
			expect((await search('acme', 'SO-1001', '', headers)).status).toBe(200)
		}
		const refused = await search('acme', 'SO-1001', '', headers)
		expect(refused.status).toBe(429)
		expect(refused.body).toEqual({ error: TOO_MANY_REQUESTS })
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		// Another address, and the same address with the captcha passed, still get answers.
		expect((await search('acme', 'SO-1001', '', asWebTier('203.0.113.11', false))).status).toBe(200)
		expect((await search('acme', 'SO-1001', '', asWebTier('203.0.113.10', true))).status).toBe(200)
	})

	it('allows more searches once the captcha was passed', async () => {
		const headers = asWebTier('203.0.113.20', true)
		for (let i = 0; i < PUBLIC_LIMITS.searchWithCaptcha; i++) {
			expect((await search('acme', 'SO-1001', '', headers)).status).toBe(200)
		}
		expect((await search('acme', 'SO-1001', '', headers)).status).toBe(429)
	})

	it('limits timelines too', async () => {
		const headers = asWebTier('203.0.113.30')
		const id = PublicSearchResponse.parse((await search('acme', 'SO-1004', '', headers)).body)
			.ship_sets[0]!.ship_set_id
		for (let i = 0; i < PUBLIC_LIMITS.timeline; i++)
			expect((await timeline('acme', id, headers)).status).toBe(200)
		expect((await timeline('acme', id, headers)).status).toBe(429)
	})

	it('believes X-Client-Address and X-Captcha-Passed only with the web API key', async () => {
		// Without the key every in-memory caller shares one key and counts as captcha-less.
		for (let i = 0; i < PUBLIC_LIMITS.searchWithoutCaptcha; i++) {
			const headers = { 'X-Client-Address': `192.0.2.${i}`, 'X-Captcha-Passed': '1' }
			expect((await search('acme', 'SO-1001', '', headers)).status).toBe(200)
		}
		const forged = await search('acme', 'SO-1001', '', {
			'X-Client-Address': '192.0.2.99',
			'X-Captcha-Passed': '1',
			'X-Api-Key': 'wrong',
		})
		expect(forged.status).toBe(429)
	})
})
