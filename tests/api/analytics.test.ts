import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { FreightCostReport, EmbedToken } from '../../server/analytics/analytics.contract'
import { createPowerBi } from '../../server/analytics/power-bi'
import { monthOf } from '../../server/analytics/analytics.queries'
import { POWER_BI_TEST_CONFIG, powerBiHandlers, type PowerBiScenario } from '../mocks/power-bi'
import { createHarness, type Harness } from './harness'

/**
 * The freight-cost report (ADR 0016) against the demo data: its totals and breakdowns
 * equal direct sums over freight_costs, change with each filter, and stay equal after writes (the
 * triggers keep the rollup true) and after a rebuild. And Power BI's embed token (000 §7
 * "POST /generate_embed_token … reportId, embedUrl, embedToken, expiration") with msw playing
 * Power BI: success, a token near expiry, failure; 404 when not configured.
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

async function report(query = '', token = olivia, supplyChain = 'acme') {
	const res = await h.call(`/private/analytics/1.0/freight_cost${query ? `?${query}` : ''}`, {
		token,
		supplyChain,
	})
	if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`)
	return FreightCostReport.parse(res.body)
}

interface Direct {
	amount: number
	shipments: number
	orders: number
	delivered: number
	late: number
}

/** The same figures straight from freight_costs (orders counted once per month, carrier, conveyance and lane). */
async function direct(org: string, from: string, to: string, where = sql`true`): Promise<Direct> {
	const { rows } = await h.db.execute<Direct & Record<string, unknown>>(sql`
		with lines as (
			select f.*, s.status as s_status, s.late as s_late,
				coalesce((select concat_ws(', ', l.city, l.country) from locations l where l.id = s.shipper_location_id), '') as origin,
				coalesce((select concat_ws(', ', l.city, l.country) from locations l where l.id = s.consignee_location_id), '') as destination
			from freight_costs f left join shipments s on s.id = f.shipment_id
			where f.organization_id = ${org}
				and f.invoiced_at >= ${`${from}-01T00:00:00Z`}::timestamptz
				and f.invoiced_at < (${`${to}-01`}::date + interval '1 month')::timestamp at time zone 'UTC'
		)
		select coalesce(sum(amount), 0)::float8 as amount, count(*)::int as shipments,
			(select count(*)::int from (select distinct date_trunc('month', invoiced_at at time zone 'UTC'), carrier_id, mode, origin, destination, ship_set_id
				from lines where ${where}) k) as orders,
			(count(*) filter (where s_status = 'delivered'))::int as delivered,
			(count(*) filter (where s_status = 'delivered' and s_late))::int as late
		from lines where ${where}`)
	return rows[0]!
}

const cents = (n: number) => Math.round(n * 100)

describe('the built-in freight-cost report', () => {
	it('totals the last 12 months by default, equal to a direct sum over freight_costs', async () => {
		const r = await report()
		expect(r.to).toBe(monthOf(new Date()))
		expect(r.by_month).toHaveLength(12)
		expect(r.from).toBe(r.by_month[0]!.month)
		const d = await direct(acme, r.from, r.to)
		expect(d.shipments).toBeGreaterThan(50)
		expect(cents(r.totals.amount)).toBe(cents(d.amount))
		expect(r.totals.shipments).toBe(d.shipments)
		expect(r.totals.orders).toBe(d.orders)
		expect(r.totals.delivered).toBe(d.delivered)
		expect(r.totals.late).toBe(d.late)
		expect(r.totals.per_order).toBeCloseTo(d.amount / d.orders, 1)
		// Every breakdown adds up to the totals.
		for (const rows of [r.by_month, r.by_carrier, r.by_lane, r.by_conveyance]) {
			expect(cents(rows.reduce((s, x) => s + x.amount, 0))).toBe(cents(r.totals.amount))
			expect(rows.reduce((s, x) => s + x.shipments, 0)).toBe(r.totals.shipments)
		}
		expect(r.by_conveyance.map((c) => c.conveyance).sort()).toEqual(['Air', 'Ground', 'Ocean'])
	})

	it('changes with a carrier filter, a lane filter and a date range, each equal to a direct sum', async () => {
		const all = await report()
		const maersk = all.carriers.find((c) => c.name === 'Maersk')!
		const byCarrier = await report(`carrier=${maersk.id}`)
		const d = await direct(acme, all.from, all.to, sql`carrier_id = ${maersk.id}`)
		expect(cents(byCarrier.totals.amount)).toBe(cents(d.amount))
		expect(byCarrier.totals.amount).toBeLessThan(all.totals.amount)
		expect(byCarrier.by_carrier.map((c) => c.carrier)).toEqual(['Maersk'])
		// The filter's choices do not narrow with the filter.
		expect(byCarrier.carriers).toEqual(all.carriers)

		const lane = all.by_lane[0]!
		const byLane = await report(new URLSearchParams({ lane: lane.lane }).toString())
		const [origin, destination] = lane.lane.split(' → ')
		const dl = await direct(
			acme,
			all.from,
			all.to,
			sql`origin = ${origin} and destination = ${destination}`,
		)
		expect(cents(byLane.totals.amount)).toBe(cents(dl.amount))
		expect(cents(byLane.totals.amount)).toBe(cents(lane.amount))
		expect(byLane.totals.amount).toBeLessThan(all.totals.amount)

		const month = all.by_month.find((m) => m.shipments > 0)!.month
		const one = await report(`from=${month}&to=${month}`)
		expect(one.by_month).toHaveLength(1)
		expect(cents(one.totals.amount)).toBe(cents((await direct(acme, month, month)).amount))
		expect(cents(one.totals.amount)).toBe(
			cents(all.by_month.find((m) => m.month === month)!.amount),
		)
	})

	it('tells the demo story: CMA CGM costs more per kg and is late more often; Shenzhen → Louisville got dearer', async () => {
		const r = await report()
		const ocean = r.by_carrier.filter((c) => ['Maersk', 'MSC', 'CMA CGM'].includes(c.carrier))
		const cma = ocean.find((c) => c.carrier === 'CMA CGM')!
		for (const other of ocean.filter((c) => c !== cma)) {
			expect(cma.per_order!).toBeGreaterThan(other.per_order!)
			expect(cma.on_time_rate!).toBeLessThan(other.on_time_rate!)
		}
		const lane = r.lanes.find((l) => l.startsWith('Shenzhen, CN → Louisville'))!
		const byLane = await report(new URLSearchParams({ lane }).toString())
		const withCost = byLane.by_month.filter((m) => m.shipments > 0)
		const perShipment = (ms: typeof withCost) =>
			ms.reduce((s, m) => s + m.amount, 0) / ms.reduce((s, m) => s + m.shipments, 0)
		expect(perShipment(withCost.slice(-3))).toBeGreaterThan(
			perShipment(withCost.slice(0, -4)) * 1.2,
		)
	})

	it('stays equal to a direct sum after costs are added, a shipment changes lane and lateness, and a cost is deleted; a rebuild agrees', async () => {
		const before = await report()
		const [s] = (
			await h.db.execute<{ id: string; ship_set_id: string; carrier_id: string }>(sql`
				select s.id, s.ship_set_id, s.carrier_id from shipments s join freight_costs f on f.shipment_id = s.id
				where s.organization_id = ${acme} and s.status = 'delivered' and not s.late order by f.invoiced_at desc limit 1`)
		).rows
		const [dc] = (
			await h.db.execute<{ id: string }>(
				sql`select id from locations where organization_id = ${acme} and kind = 'dc' order by name limit 1`,
			)
		).rows
		await h.db
			.execute(sql`insert into freight_costs (organization_id, ship_set_id, shipment_id, carrier_id, amount, invoiced_at, mode)
			values (${acme}, ${s!.ship_set_id}, ${s!.id}, ${s!.carrier_id}, 1234.56, now(), 'ground')`)
		await h.db.execute(
			sql`update shipments set late = true, consignee_location_id = ${dc!.id} where id = ${s!.id}`,
		)
		const after = await report()
		expect(cents(after.totals.amount)).toBe(cents(before.totals.amount + 1234.56))
		expect(after.totals.late).toBeGreaterThan(before.totals.late)
		const d = await direct(acme, after.from, after.to)
		expect(cents(after.totals.amount)).toBe(cents(d.amount))
		expect([after.totals.orders, after.totals.late, after.totals.delivered]).toEqual([
			d.orders,
			d.late,
			d.delivered,
		])

		await h.db.execute(
			sql`delete from freight_costs where amount = 1234.56 and shipment_id = ${s!.id}`,
		)
		const kept = (
			await h.db.execute(
				sql`select * from analytics_freight_months where organization_id = ${acme} order by 1, 2, 3, 4, 5, 6`,
			)
		).rows
		await h.db.execute(sql`select rebuild_analytics_freight_months(${acme})`)
		const rebuilt = (
			await h.db.execute(
				sql`select * from analytics_freight_months where organization_id = ${acme} order by 1, 2, 3, 4, 5, 6`,
			)
		).rows
		expect(rebuilt).toEqual(kept)
		expect(cents((await report()).totals.amount)).toBe(cents(before.totals.amount))
	})

	it('names a lane by its location’s new city once the location is corrected, in the same transaction; a rebuild agrees', async () => {
		const lane = (await report()).by_lane.find((l) => l.origin.startsWith('Shenzhen'))!
		const [loc] = (
			await h.db.execute<{ id: string; city: string }>(sql`
				select distinct l.id, l.city from locations l join shipments s on s.shipper_location_id = l.id
				join freight_costs f on f.shipment_id = s.id where l.organization_id = ${acme} and l.city = 'Shenzhen' limit 1`)
		).rows
		await h.db.execute(sql`update locations set city = 'Shenzhen Bao’an' where id = ${loc!.id}`)
		const after = await report()
		expect(after.lanes.some((l) => l.startsWith('Shenzhen Bao’an, '))).toBe(true)
		const d = await direct(acme, after.from, after.to, sql`origin like 'Shenzhen Bao’an,%'`)
		const moved = after.by_lane
			.filter((l) => l.origin.startsWith('Shenzhen Bao’an'))
			.reduce((sum, l) => sum + l.amount, 0)
		expect(d.amount).toBeGreaterThan(0)
		expect(cents(moved)).toBe(cents(d.amount))
		const kept = (
			await h.db.execute(
				sql`select * from analytics_freight_months where organization_id = ${acme} order by 1, 2, 3, 4, 5, 6`,
			)
		).rows
		await h.db.execute(sql`select rebuild_analytics_freight_months(${acme})`)
		expect(
			(
				await h.db.execute(
					sql`select * from analytics_freight_months where organization_id = ${acme} order by 1, 2, 3, 4, 5, 6`,
				)
			).rows,
		).toEqual(kept)

		await h.db.execute(sql`update locations set city = ${loc!.city} where id = ${loc!.id}`)
		expect((await report()).by_lane.find((l) => l.lane === lane.lane)?.amount).toBe(lane.amount)
	})

	it('is scoped to the caller’s supply chain', async () => {
		const gary = await h.tokenFor('gary@globex.test')
		const r = await report('', gary, 'globex')
		const d = await direct(await orgId('globex'), r.from, r.to)
		expect(d.shipments).toBeGreaterThan(0)
		expect(cents(r.totals.amount)).toBe(cents(d.amount))
		expect(r.carriers.every((c) => !c.name.startsWith('Acme'))).toBe(true)
		// Another supply chain's carrier filters nothing in.
		const acmeCarrier = (await report()).carriers[0]!.id
		expect((await report(`carrier=${acmeCarrier}`, gary, 'globex')).totals.shipments).toBe(0)
	})

	it('refuses bad filters naming the field, and callers without CORE.ANALYTICS', async () => {
		const bad = async (q: string) =>
			(
				await h.call(`/private/analytics/1.0/freight_cost?${q}`, {
					token: olivia,
					supplyChain: 'acme',
				})
			).body
		expect(JSON.stringify(await bad('from=2026-13'))).toContain('From must be a month as YYYY-MM')
		expect(JSON.stringify(await bad('from=2026-05&to=2026-01'))).toContain(
			'From must not be after To',
		)
		expect(JSON.stringify(await bad('from=2020-01&to=2026-01'))).toContain('at most 36 months')
		expect(JSON.stringify(await bad('carrier=nope'))).toContain('Carrier must be a carrier id')
		expect(JSON.stringify(await bad('lane=nowhere'))).toContain('Lane must be')
		const victor = await h.tokenFor('victor@acme.test')
		expect(
			(await h.call('/private/analytics/1.0/freight_cost', { token: victor, supplyChain: 'acme' }))
				.status,
		).toBe(403)
		expect(
			(
				await h.call('/private/analytics/1.0/generate_embed_token', {
					token: victor,
					supplyChain: 'acme',
					method: 'POST',
				})
			).status,
		).toBe(403)
	})

	it('answers 404 for an embed token when Power BI is not configured', async () => {
		const res = await h.call('/private/analytics/1.0/generate_embed_token', {
			token: olivia,
			supplyChain: 'acme',
			method: 'POST',
		})
		expect(res.status).toBe(404)
		expect(res.body).toEqual({ error: 'Power BI is not configured' })
	})
})

describe('POST /private/analytics/1.0/generate_embed_token with Power BI configured (msw plays Power BI)', () => {
	const state: { scenario: PowerBiScenario; issued: number } = { scenario: 'success', issued: 0 }
	const server = setupServer(...powerBiHandlers(state))
	let pb: Harness
	let token: string
	beforeAll(async () => {
		server.listen({ onUnhandledRequest: 'error' })
		pb = await createHarness({ powerBi: createPowerBi(POWER_BI_TEST_CONFIG) })
		token = await pb.tokenFor('olivia@acme.test')
	})
	afterAll(async () => {
		server.close()
		await pb?.close()
	})
	const generate = () =>
		pb.call('/private/analytics/1.0/generate_embed_token', {
			token,
			supplyChain: 'acme',
			method: 'POST',
		})

	it('returns reportId, embedUrl, embedToken and expiration', async () => {
		state.scenario = 'success'
		const res = await generate()
		expect(res.status).toBe(200)
		const t = EmbedToken.parse(res.body)
		expect(t.report_id).toBe(POWER_BI_TEST_CONFIG.reportId)
		expect(t.embed_url).toContain(`reportId=${POWER_BI_TEST_CONFIG.reportId}`)
		expect(t.embed_token).toBe(`embed-token-${state.issued}`)
		expect(Date.parse(t.expiration) - Date.now()).toBeGreaterThan(55 * 60_000)
	})

	it('passes on a token near its expiry as Power BI gave it, and a new one each call', async () => {
		state.scenario = 'expiring'
		const first = EmbedToken.parse((await generate()).body)
		const second = EmbedToken.parse((await generate()).body)
		expect(Date.parse(first.expiration) - Date.now()).toBeLessThan(3 * 60_000)
		expect(second.embed_token).not.toBe(first.embed_token)
	})

	it('answers 502 when Power BI refuses', async () => {
		state.scenario = 'failure'
		const res = await generate()
		expect(res.status).toBe(502)
		expect(res.body).toEqual({ error: 'Power BI did not give an embed token' })
	})
})
