import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import {
	BreachedOrderResponse,
	OngoingBreachesResponse,
	type OngoingBreachedOrder,
} from '../../server/breaches/ongoing.contract'
import { createHarness, type Harness } from './harness'

/**
 * Ongoing Breaches (001 §2, §3 "Ongoing breached order", §7 GET /ongoing_breached_orders and
 * GET /api/web/breached_order/{id}) against the demo data: what the list and the detail answer is
 * compared with the breached_orders rows themselves (never with hard-coded ids: the seed's
 * readings decide which breaches exist), for Olivia (TRACKER), Victor (no TRACKER) and Gary
 * (another tenant).
 */

let h: Harness
let olivia: string
let acme: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	acme = await orgId('acme')
})
afterAll(async () => {
	await h?.close()
})

async function orgId(slug: string) {
	const { rows } = await h.db.execute<{ id: string }>(
		sql`select id from organizations where slug = ${slug}`,
	)
	return rows[0]!.id
}

async function list(query = '', token = olivia, supplyChain = 'acme') {
	const res = await h.call(`/api/web/ongoing_breached_orders${query}`, { token, supplyChain })
	if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`)
	return OngoingBreachesResponse.parse(res.body)
}

/** The organization's ongoing breaches, newest first, straight from the table (optionally those affecting orders named like `like`). */
async function ongoingDirect(org: string, like?: string) {
	const { rows } = await h.db.execute<{ id: string }>(
		sql`select b.id from breached_orders b where b.organization_id = ${org} and b.ongoing
			${like ? sql`and exists (select 1 from breached_order_ship_sets x join ship_sets s on s.id = x.ship_set_id where x.breached_order_id = b.id and s.name like ${like})` : sql``}
			order by b.first_event_at desc, b.id desc`,
	)
	return rows.map((r) => r.id)
}

const so1001 = (items: OngoingBreachedOrder[]) =>
	items.find(
		(b) => b.ship_sets.some((s) => s.name === 'SO-1001') && b.sensor_types.includes('temperature'),
	)

describe('GET /api/web/ongoing_breached_orders', () => {
	it('lists SO-1001’s temperature breach for Olivia, with the fields of 001 §3', async () => {
		const answer = await list('?order_number=SO-1001')
		const breach = so1001(answer.ongoing_breach_orders)
		expect(breach, 'SO-1001’s temperature breach').toBeDefined()
		const b = breach!
		expect(b.ongoing).toBe(true)
		expect(b.ship_sets.find((s) => s.name === 'SO-1001')!.timeline_url).toBe(
			`/timeline/${await h.orderId('acme', 'SO-1001')}`,
		)
		const {
			rows: [row],
		} = await h.db.execute<Record<string, unknown>>(
			sql`select b.item_type, b.item_name, b.measurable_id, b.tracking_group_id, g.name as group_name, g.device_type_name
				from breached_orders b join tracking_groups g on g.id = b.tracking_group_id where b.id = ${b.breached_order_id} and b.organization_id = ${acme}`,
		)
		expect(row, 'the breach is acme’s').toBeDefined()
		expect(b.item).toEqual({
			item_type: row!.item_type,
			name: row!.item_name,
			measurable_id: row!.measurable_id,
		})
		expect(b.shipment_name).toBe(row!.group_name)
		expect(b.device_type_name).toBe(row!.device_type_name)
		expect(b.tracking_group_id).toBe(row!.tracking_group_id)
		expect(b.tracking_group_url).toBe(`/groups/${b.tracking_group_id}`)
		// The temperature summary carries SO-1001's thresholds (2–8 °C, demo-data.md).
		const temperature = b.measurement_exception_summaries.find(
			(s) => s.sensor_type_code === 'temperature',
		)!
		expect(temperature).toMatchObject({
			min_threshold_value: 2,
			max_threshold_value: 8,
			sensor_uom_code: 'degrees_celsius',
		})
		expect(temperature.first_event.summary).toMatch(/Temperature/)
		expect(Number.isNaN(Date.parse(temperature.first_event.event_at))).toBe(false)
		// sensor_types: the summaries' codes, sorted.
		expect(b.sensor_types).toEqual(
			[...new Set(b.measurement_exception_summaries.map((s) => s.sensor_type_code))].sort(),
		)
	})

	it('answers every ongoing breach of the supply chain, newest first, and only ongoing ones', async () => {
		const direct = await ongoingDirect(acme)
		expect(direct.length).toBeGreaterThan(1)
		const answer = await list(`?limit=50`)
		expect(answer.total_ongoing_breaches).toBe(direct.length)
		expect(answer.ongoing_breach_orders.map((b) => b.breached_order_id)).toEqual(
			direct.slice(0, 50),
		)
		expect(answer.ongoing_breach_orders.every((b) => b.ongoing)).toBe(true)
		const starts = answer.ongoing_breach_orders.map((b) => Date.parse(b.first_event_at))
		expect(starts).toEqual([...starts].sort((x, y) => y - x))
	})

	it('shows every sensor kind of the demo data: "other acme orders have ongoing breaches of shock, tilt, humidity, light and pressure"', async () => {
		const answer = await list(`?limit=50`)
		expect(answer.total_ongoing_breaches).toBeLessThanOrEqual(50)
		const kinds = new Set(answer.ongoing_breach_orders.flatMap((b) => b.sensor_types))
		expect([...kinds].sort()).toEqual([
			'humidity',
			'light',
			'pressure',
			'shock',
			'temperature',
			'tilt',
		])
	})

	it('filters by order number: a prefix, trimmed, as typed or upper-cased', async () => {
		const all = await ongoingDirect(acme)
		const prefix = await ongoingDirect(acme, 'SO-10%')
		expect(prefix.length).toBeGreaterThan(0)
		for (const q of ['SO-10', '  so-10  ']) {
			const answer = await list(`?limit=50&order_number=${encodeURIComponent(q)}`)
			expect(answer.total_ongoing_breaches, q).toBe(prefix.length)
			expect(
				answer.ongoing_breach_orders.map((b) => b.breached_order_id),
				q,
			).toEqual(prefix.slice(0, 50))
			for (const b of answer.ongoing_breach_orders)
				expect(
					b.ship_sets.some((s) => s.name.startsWith('SO-10')),
					q,
				).toBe(true)
		}
		// One whole order number finds that order's breaches only.
		const exact = await list('?order_number=SO-1001')
		expect(exact.total_ongoing_breaches).toBe((await ongoingDirect(acme, 'SO-1001%')).length)
		// No match: nothing; an empty text: no filter; LIKE's wildcards are literal.
		expect(await list('?order_number=NO-SUCH-ORDER')).toEqual({
			ongoing_breach_orders: [],
			total_ongoing_breaches: 0,
		})
		expect((await list('?order_number=%25')).total_ongoing_breaches).toBe(0)
		expect((await list('?order_number=_')).total_ongoing_breaches).toBe(0)
		expect((await list('?order_number=%20%20')).total_ongoing_breaches).toBe(all.length)
	})

	it('pages by offset and limit (15 by default, at most 50)', async () => {
		const direct = await ongoingDirect(acme)
		const first = await list('')
		expect(first.ongoing_breach_orders).toHaveLength(Math.min(15, direct.length))
		const a = await list('?offset=0&limit=2')
		const b = await list('?offset=2&limit=2')
		expect(
			[...a.ongoing_breach_orders, ...b.ongoing_breach_orders].map((x) => x.breached_order_id),
		).toEqual(direct.slice(0, 4))
		expect(a.total_ongoing_breaches).toBe(direct.length)
		const past = await list(`?offset=${direct.length}&limit=5`)
		expect(past).toEqual({ ongoing_breach_orders: [], total_ongoing_breaches: direct.length })
	})

	it('refuses a bad query with 400 naming the field', async () => {
		for (const [query, field] of [
			['?limit=0', 'limit'],
			['?limit=51', 'limit'],
			['?limit=ten', 'limit'],
			['?offset=-1', 'offset'],
			[`?order_number=${'x'.repeat(101)}`, 'order_number'],
		] as const) {
			const res = await h.call(`/api/web/ongoing_breached_orders${query}`, {
				token: olivia,
				supplyChain: 'acme',
			})
			expect(res.status, query).toBe(400)
			expect(String(res.body?.error), query).toContain(field)
		}
	})
})

describe('GET /api/web/breached_order/{id}', () => {
	it('answers the breached order the list shows, with the same fields', async () => {
		const b = so1001((await list('?order_number=SO-1001')).ongoing_breach_orders)!
		const res = await h.call(`/api/web/breached_order/${b.breached_order_id}`, {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(res.status).toBe(200)
		expect(BreachedOrderResponse.parse(res.body).breached_order).toEqual(b)
	})

	it('answers a closed (historical) breach too, marked not ongoing; the list never shows it', async () => {
		const { rows } = await h.db.execute<{ id: string }>(
			sql`select id from breached_orders where organization_id = ${acme} and not ongoing limit 1`,
		)
		expect(rows.length).toBe(1)
		const res = await h.call(`/api/web/breached_order/${rows[0]!.id}`, {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(res.status).toBe(200)
		expect(BreachedOrderResponse.parse(res.body).breached_order.ongoing).toBe(false)
		expect(
			(await list('?limit=50')).ongoing_breach_orders.map((b) => b.breached_order_id),
		).not.toContain(rows[0]!.id)
	})

	it('names where the breach started: the node (with its timeline link) and the custodian', async () => {
		const b = so1001((await list('?order_number=SO-1001')).ongoing_breach_orders)!
		const so = await h.orderId('acme', 'SO-1001')
		const {
			rows: [node],
		} = await h.db.execute<{ id: string; building_type: string }>(
			sql`select id, building_type from nodes where ship_set_id = ${so} and building_type = 'Transit' order by position limit 1`,
		)
		const {
			rows: [before],
		} = await h.db.execute<{ node_id: string | null; custodian: string | null }>(
			sql`select node_id, custodian from breached_orders where id = ${b.breached_order_id}`,
		)
		await h.db.execute(
			sql`update breached_orders set node_id = ${node!.id}, custodian = 'UPS 1Z999AA10123456784' where id = ${b.breached_order_id}`,
		)
		try {
			const res = await h.call(`/api/web/breached_order/${b.breached_order_id}`, {
				token: olivia,
				supplyChain: 'acme',
			})
			expect(BreachedOrderResponse.parse(res.body).breached_order.attribution).toEqual({
				node: {
					id: node!.id,
					building_type: 'Transit',
					ship_set_id: so,
					ship_set_name: 'SO-1001',
					timeline_url: `/timeline/${so}?nodeId=${node!.id}`,
				},
				custodian: 'UPS 1Z999AA10123456784',
			})
		} finally {
			await h.db.execute(
				sql`update breached_orders set node_id = ${before!.node_id}, custodian = ${before!.custodian} where id = ${b.breached_order_id}`,
			)
		}
	})

	it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
		expect(
			(
				await h.call('/api/web/breached_order/00000000-0000-4000-8000-000000000000', {
					token: olivia,
					supplyChain: 'acme',
				})
			).status,
		).toBe(404)
		const bad = await h.call('/api/web/breached_order/nope', { token: olivia, supplyChain: 'acme' })
		expect(bad.status).toBe(400)
		expect(String(bad.body?.error)).toContain('id')
	})
})

describe('who may ask', () => {
	it('Victor (no TRACKER service) is refused both calls with 403', async () => {
		const victor = await h.tokenFor('victor@acme.test')
		const b = so1001((await list('?order_number=SO-1001')).ongoing_breach_orders)!
		expect(
			(await h.call('/api/web/ongoing_breached_orders', { token: victor, supplyChain: 'acme' }))
				.status,
		).toBe(403)
		expect(
			(
				await h.call(`/api/web/breached_order/${b.breached_order_id}`, {
					token: victor,
					supplyChain: 'acme',
				})
			).status,
		).toBe(403)
	})

	it('Gary sees only globex’s breaches and none of acme’s; acme’s id is a 404 for him', async () => {
		const gary = await h.tokenFor('gary@globex.test')
		const globex = await orgId('globex')
		const mine = await list('?limit=50', gary, 'globex')
		const direct = await ongoingDirect(globex)
		expect(mine.total_ongoing_breaches).toBe(direct.length)
		const acmeIds = new Set(await ongoingDirect(acme))
		expect(mine.ongoing_breach_orders.filter((b) => acmeIds.has(b.breached_order_id))).toEqual([])
		expect(
			(await list('?order_number=SO-1001', gary, 'globex')).ongoing_breach_orders.filter((b) =>
				acmeIds.has(b.breached_order_id),
			),
		).toEqual([])
		const b = so1001((await list('?order_number=SO-1001')).ongoing_breach_orders)!
		expect(
			(
				await h.call(`/api/web/breached_order/${b.breached_order_id}`, {
					token: gary,
					supplyChain: 'globex',
				})
			).status,
		).toBe(404)
		// And acme's supply chain is not his to name.
		expect(
			(await h.call('/api/web/ongoing_breached_orders', { token: gary, supplyChain: 'acme' }))
				.status,
		).toBe(403)
	})
})
