import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import {
	CLAIM_PACK_FILES,
	CLAIM_PACK_MARGIN_HOURS,
	HistoricalBreachesResponse,
} from '../../server/breaches/historical.contract'
import { ToggleName } from '../../server/toggles/toggles.contract'
import { setToggle } from '../../server/toggles/store'
import { createHarness, type Harness } from './harness'
import { csvRows, readZip } from './zip-reader'

/**
 * Historical Breaches (001 §2, §3 "Historical summary", §4 "Historical search", §7 GET
 * /historical_breached_orders) and a breach's claim pack, against the demo data:
 * every answer equals a direct count over breached_orders, and each filter, page, refusal and
 * tenant wall holds. Breach ids are looked up, never written down (the seed makes them).
 */

let h: Harness
let olivia: string
let victor: string
let gary: string
let acme: string
let globex: string

beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	victor = await h.tokenFor('victor@acme.test')
	gary = await h.tokenFor('gary@globex.test')
	acme = await orgId('acme')
	globex = await orgId('globex')
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

async function direct<T>(query: ReturnType<typeof sql>): Promise<T[]> {
	return (await h.db.execute(query)).rows as T[]
}

const PATH = '/api/web/historical_breached_orders'

async function list(query: string, token = olivia, supplyChain = 'acme') {
	const res = await h.call(`${PATH}${query ? `?${query}` : ''}`, { token, supplyChain })
	if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`)
	return HistoricalBreachesResponse.parse(res.body)
}

/** Every historical breach of a supply chain, newest last event first, with its sensors and order names. */
async function historicalDirect(org: string) {
	return direct<{
		id: string
		first_event_at: Date
		last_event_at: Date
		sensors: string[]
		orders: string[]
	}>(
		sql`select bo.id, bo.first_event_at, bo.last_event_at,
				coalesce((select array_agg(m.sensor_type_code order by m.sensor_type_code) from measurement_exception_summaries m where m.breached_order_id = bo.id), '{}') as sensors,
				coalesce((select array_agg(ss.name order by ss.name) from breached_order_ship_sets bs join ship_sets ss on ss.id = bs.ship_set_id where bs.breached_order_id = bo.id), '{}') as orders
			from breached_orders bo where bo.organization_id = ${org} and bo.ongoing = false
			order by bo.last_event_at desc, bo.id desc`,
	)
}

const everything = 'limit=50'

async function all(query: string) {
	const first = await list(`${query}&limit=50`)
	const rest = await Promise.all(
		Array.from({ length: first.total_pages - 1 }, (_, i) =>
			list(`${query}&limit=50&page=${i + 1}`),
		),
	)
	return [first, ...rest].flatMap((p) => p.orders)
}

describe('GET /api/web/historical_breached_orders: Olivia finds acme’s past breaches', () => {
	it('lists only closed breaches of acme, newest first, with 001 §3’s fields', async () => {
		const expected = await historicalDirect(acme)
		expect(expected.length, 'the demo data has historical breaches for acme').toBeGreaterThan(10)
		const answer = await list(everything)
		expect(answer.total_orders).toBe(expected.length)
		expect(answer.total_pages).toBe(Math.ceil(expected.length / 50))
		const listed = await all('')
		expect(listed.map((o) => o.breached_order_id)).toEqual(expected.map((e) => e.id))

		const ongoing = await direct<{ id: string }>(
			sql`select id from breached_orders where organization_id = ${acme} and ongoing`,
		)
		expect(ongoing.length).toBeGreaterThan(0)
		expect(listed.map((o) => o.breached_order_id)).not.toEqual(
			expect.arrayContaining([ongoing[0]!.id]),
		)

		const one = listed[0]!
		const exp = expected[0]!
		expect(one.first_event.event_at).toBe(new Date(exp.first_event_at).toISOString())
		expect(one.last_event.event_at).toBe(new Date(exp.last_event_at).toISOString())
		expect(Object.keys(one.sensors).sort()).toEqual(exp.sensors)
		expect(one.ship_sets.map((s) => s.name)).toEqual(exp.orders)
		expect(one.ship_sets[0]!.timeline_url).toBe(`/timeline/${one.ship_sets[0]!.id}`)
		expect(one.tracking_group_url).toBe(`/groups/${one.tracking_group_id}`)
		for (const sensor of Object.values(one.sensors)) {
			expect(sensor.count).toBeGreaterThan(0)
			expect(sensor.durations.length).toBeGreaterThan(0)
			expect(sensor.sensor_uom_code).toBeTruthy()
		}
		// Totals are the sensors' sums (the seed writes both; detection must keep them together).
		const [row] = await direct<{ breach_count: number; total_duration_seconds: number }>(
			sql`select breach_count, total_duration_seconds from breached_orders where id = ${one.breached_order_id}`,
		)
		expect(one.breach_count).toBe(row!.breach_count)
		expect(one.total_duration).toBe(row!.total_duration_seconds)
		// Attribution: the node and custodian detection recorded, the node linked on its order's timeline.
		const attributed = await direct<{
			id: string
			node_id: string
			building_type: string
			custodian: string
			ship_set_id: string
		}>(
			sql`select bo.id, n.id as node_id, n.building_type, bo.custodian, n.ship_set_id from breached_orders bo join nodes n on n.id = bo.node_id
				where bo.organization_id = ${acme} and not bo.ongoing`,
		)
		expect(attributed.length, 'detection attributes historical breaches').toBeGreaterThan(0)
		for (const a of attributed.slice(0, 10)) {
			const listed_ = listed.find((o) => o.breached_order_id === a.id)!
			expect(listed_.attribution).toEqual({
				node: {
					id: a.node_id,
					building_type: a.building_type,
					ship_set_id: a.ship_set_id,
					ship_set_name: expect.any(String),
					timeline_url: `/timeline/${a.ship_set_id}?nodeId=${a.node_id}`,
				},
				custodian: a.custodian,
			})
		}
	})

	it('filters by sensor: every listed breach breached one of them, and every such breach is listed', async () => {
		const expected = await historicalDirect(acme)
		for (const sensors of [['humidity'], ['shock', 'temperature']]) {
			const listed = await all(`sensors=${sensors.join(',')}`)
			const want = expected.filter((e) => e.sensors.some((s) => sensors.includes(s)))
			expect(want.length, `acme has historical ${sensors.join('/')} breaches`).toBeGreaterThan(0)
			expect(listed.map((o) => o.breached_order_id)).toEqual(want.map((e) => e.id))
			for (const o of listed)
				expect(Object.keys(o.sensors).some((s) => sensors.includes(s))).toBe(true)
		}
		// Codes are read case-insensitively, repeated codes once.
		expect((await list('sensors=HUMIDITY,humidity')).total_orders).toBe(
			expected.filter((e) => e.sensors.includes('humidity')).length,
		)
	})

	it('filters by date: a breach is in the range when its first..last event overlaps it', async () => {
		const expected = await historicalDirect(acme)
		const pick = expected[Math.floor(expected.length / 2)]!
		const first = new Date(pick.first_event_at)
		const last = new Date(pick.last_event_at)
		const overlaps = (from: Date, to: Date) =>
			expected
				.filter((e) => new Date(e.last_event_at) >= from && new Date(e.first_event_at) <= to)
				.map((e) => e.id)
		// A range ending at the breach's first event, one starting at its last, one inside it: all find it.
		for (const [from, to] of [
			[new Date(+first - 86_400_000), first],
			[last, new Date(+last + 86_400_000)],
			[new Date(+first + 1000), new Date(+first + 2000)],
		] as const) {
			const listed = await all(`date_from=${from.toISOString()}&date_to=${to.toISOString()}`)
			expect(listed.map((o) => o.breached_order_id)).toContain(pick.id)
			expect(listed.map((o) => o.breached_order_id)).toEqual(overlaps(from, to))
		}
		// A range that ends a second before it starts does not.
		const before = new Date(+first - 1000)
		const earlier = await all(
			`date_from=${new Date(+before - 3_600_000).toISOString()}&date_to=${before.toISOString()}`,
		)
		expect(earlier.map((o) => o.breached_order_id)).not.toContain(pick.id)
		// With a sensor too: both filters hold.
		const sensor = pick.sensors[0]!
		const both = await all(
			`date_from=${first.toISOString()}&date_to=${last.toISOString()}&sensors=${sensor}`,
		)
		const bothIds = expected.filter((e) => e.sensors.includes(sensor)).map((e) => e.id)
		expect(both.map((o) => o.breached_order_id)).toEqual(
			overlaps(first, last).filter((id) => bothIds.includes(id)),
		)
	})

	it('filters by order number: the start of an affected order’s number, typed in any case', async () => {
		const expected = await historicalDirect(acme)
		const name = expected.find((e) => e.orders.length > 0)!.orders[0]!
		const exact = await all(`order_number=${encodeURIComponent(`  ${name.toLowerCase()}  `)}`)
		expect(exact.map((o) => o.breached_order_id)).toEqual(
			expected.filter((e) => e.orders.some((o) => o.startsWith(name))).map((e) => e.id),
		)
		const prefix = name.slice(0, name.length - 1)
		const byPrefix = await all(`order_number=${encodeURIComponent(prefix)}`)
		expect(byPrefix.length).toBeGreaterThanOrEqual(exact.length)
		for (const o of byPrefix) expect(o.ship_sets.some((s) => s.name.startsWith(prefix))).toBe(true)
		// LIKE's wildcards are taken literally.
		expect((await list('order_number=%25')).total_orders).toBe(0)
		expect((await list('order_number=SO-_')).total_orders).toBe(0)
	})

	it('pages by 0-based page or offset, 5 by default; total_pages counts them', async () => {
		const expected = await historicalDirect(acme)
		const first = await list('')
		expect(first.limit).toBe(5)
		expect(first.orders).toHaveLength(5)
		expect(first.total_pages).toBe(Math.ceil(expected.length / 5))
		const second = await list('page=1')
		expect(second.offset).toBe(5)
		expect(second.orders.map((o) => o.breached_order_id)).toEqual(
			expected.slice(5, 10).map((e) => e.id),
		)
		expect((await list('offset=5')).orders).toEqual(second.orders)
		const lastPage = await list(`page=${first.total_pages - 1}`)
		expect(lastPage.orders.map((o) => o.breached_order_id)).toEqual(
			expected.slice((first.total_pages - 1) * 5).map((e) => e.id),
		)
		expect((await list(`page=${first.total_pages}`)).orders).toEqual([])
	})

	it('refuses bad dates, sensors and limits with 400 naming the field', async () => {
		const refused = async (query: string, field: string) => {
			const res = await h.call(`${PATH}?${query}`, { token: olivia, supplyChain: 'acme' })
			expect(res.status, query).toBe(400)
			expect(String(res.body?.error)).toMatch(new RegExp(`^${field}:`))
			expect(res.body?.issues).toEqual([expect.objectContaining({ path: field })])
		}
		await refused('date_from=yesterday', 'date_from')
		await refused('date_to=2026-13-45T00:00:00Z', 'date_to')
		await refused('date_from=2026-11-01', 'date_from')
		await refused('sensors=temperature,smell', 'sensors')
		await refused('date_from=2026-11-10T00:00:00Z&date_to=2026-11-09T23:59:59Z', 'date_to')
		await refused('limit=0', 'limit')
		await refused('page=-1', 'page')
	})
})

describe('who sees historical breaches', () => {
	it('Victor (no TRACKER service) is refused', async () => {
		const res = await h.call(PATH, { token: victor, supplyChain: 'acme' })
		expect(res.status).toBe(403)
	})

	it('Gary sees globex’s own and none of acme’s; acme’s supply chain refuses him', async () => {
		const mine = await historicalDirect(globex)
		const answer = await list(everything, gary, 'globex')
		expect(answer.total_orders).toBe(mine.length)
		const acmeIds = new Set((await historicalDirect(acme)).map((e) => e.id))
		for (const o of answer.orders) expect(acmeIds.has(o.breached_order_id)).toBe(false)
		expect((await h.call(PATH, { token: gary, supplyChain: 'acme' })).status).toBe(403)
	})

	it('the supply chain’s toggle scm.historicalBreaches off: 403', async () => {
		await setToggle(h.db, ToggleName.historicalBreaches, false, 'acme')
		try {
			expect((await h.call(PATH, { token: olivia, supplyChain: 'acme' })).status).toBe(403)
			// Another supply chain keeps its own value.
			expect((await h.call(PATH, { token: gary, supplyChain: 'globex' })).status).toBe(200)
		} finally {
			await setToggle(h.db, ToggleName.historicalBreaches, true, 'acme')
		}
		expect((await h.call(PATH, { token: olivia, supplyChain: 'acme' })).status).toBe(200)
	})
})

// ── The claim pack ──────────────────────────────────────────────────────────────────────────

async function download(id: string, token = olivia, supplyChain = 'acme') {
	const res = await h.api.fetch(
		new Request(`http://scm.internal/api/web/breached_order/${id}/claim_pack`, {
			headers: { Authorization: `Bearer ${token}`, 'X-Supply-Chain': supplyChain },
		}),
	)
	return {
		status: res.status,
		headers: res.headers,
		bytes: new Uint8Array(await res.arrayBuffer()),
	}
}

/** What each file of a breach's pack must hold, counted directly. */
async function packDirect(id: string) {
	const [bo] = await direct<{
		tracking_group_id: string
		measurable_id: string
		first_event_at: Date
		last_event_at: Date
	}>(
		sql`select tracking_group_id, measurable_id, first_event_at, last_event_at from breached_orders where id = ${id}`,
	)
	const margin = `${CLAIM_PACK_MARGIN_HOURS} hours`
	const [readings] = await direct<{ n: number }>(
		sql`select count(*)::int as n from measurements m join measurement_types mt on mt.id = m.measurement_type_id
			where m.tracking_group_id = ${bo!.tracking_group_id} and m.measurable_id = ${bo!.measurable_id}
			and mt.code in (select sensor_type_code from measurement_exception_summaries where breached_order_id = ${id})
			and m.measure_at between ${new Date(bo!.first_event_at).toISOString()}::timestamptz - ${margin}::interval
			and ${new Date(bo!.last_event_at).toISOString()}::timestamptz + ${margin}::interval`,
	)
	const [thresholds] = await direct<{ n: number }>(
		sql`select count(*)::int as n from (
			select mt.code from threshold_settings t join measurement_types mt on mt.id = t.measurement_type_id where t.tracking_group_id = ${bo!.tracking_group_id}
			union select sensor_type_code from measurement_exception_summaries where breached_order_id = ${id}) x`,
	)
	const durations = await direct<{ code: string; value: number; type: string }>(
		sql`select m.sensor_type_code as code, (d->>'value')::float8 as value, d->>'type' as type
			from measurement_exception_summaries m, jsonb_array_elements(m.durations) d where m.breached_order_id = ${id}
			order by 1, 2`,
	)
	const [events] = await direct<{ n: number }>(
		sql`select count(*)::int as n from events where ship_set_id in (select ship_set_id from breached_order_ship_sets where breached_order_id = ${id})`,
	)
	const orders = await direct<{ name: string }>(
		sql`select ss.name from breached_order_ship_sets bs join ship_sets ss on ss.id = bs.ship_set_id where bs.breached_order_id = ${id} order by 1`,
	)
	return {
		readings: readings!.n,
		thresholds: thresholds!.n,
		durations,
		events: events!.n,
		orders: orders.map((o) => o.name),
	}
}

describe('GET /api/web/breached_order/{id}/claim_pack', () => {
	async function checkPack(id: string) {
		const res = await download(id)
		expect(res.status).toBe(200)
		expect(res.headers.get('Content-Type')).toBe('application/zip')
		expect(res.headers.get('Content-Disposition')).toMatch(
			/^attachment; filename="claim-pack-[\w.-]+\.zip"$/,
		)
		const files = readZip(res.bytes)
		expect([...files.keys()]).toEqual([...CLAIM_PACK_FILES])
		const want = await packDirect(id)
		const rowsOf = (name: string) => csvRows(files.get(name)!).slice(1)

		const readings = rowsOf('readings.csv')
		expect(readings.length, 'readings in the window ± 2 h').toBe(want.readings)
		expect(want.readings).toBeGreaterThan(0)
		// Some readings are outside (the breach), some within (the margin around it).
		expect(new Set(readings.map((r) => r[6]))).toEqual(
			new Set(['within', ...new Set(want.durations.map((d) => d.type))]),
		)
		expect(rowsOf('thresholds.csv')).toHaveLength(want.thresholds)

		// Each excursion the detection recorded is one period found in the readings, of the same length and side.
		const periods = rowsOf('breach_periods.csv')
		expect(
			periods
				.map((p) => ({ code: p[0], value: Number(p[5]), type: p[1] }))
				.sort((a, b) => a.code!.localeCompare(b.code!) || a.value - b.value),
		).toEqual(want.durations.map((d) => ({ code: d.code, value: Number(d.value), type: d.type })))
		expect(rowsOf('timeline.csv')).toHaveLength(want.events)
		const summary = files.get('summary.txt')!
		for (const name of want.orders) expect(summary).toContain(name)
		expect(summary).toMatch(/^Custodian: /m)
		expect(summary).toContain(`- readings.csv: ${want.readings} rows`)
		return { files, want }
	}

	it('a historical breach: its readings, thresholds, periods, timeline and summary', async () => {
		const [historical] = await historicalDirect(acme)
		await checkPack(historical!.id)
	})

	it('an ongoing breach too: SO-1001’s temperature breach', async () => {
		const [so1001] = await direct<{ id: string }>(
			sql`select bo.id from breached_orders bo join breached_order_ship_sets bs on bs.breached_order_id = bo.id
				join ship_sets ss on ss.id = bs.ship_set_id where ss.name = 'SO-1001' and ss.organization_id = ${acme} and bo.ongoing`,
		)
		const { files } = await checkPack(so1001!.id)
		const summary = files.get('summary.txt')!
		expect(summary).toContain('SO-1001 (PO-7781)')
		expect(summary).toContain('(ongoing)')
		// Attribution: where SO-1001 was and who had it when the breach started.
		const [where] = await direct<{ building_type: string; custodian: string }>(
			sql`select n.building_type, bo.custodian from breached_orders bo join nodes n on n.id = bo.node_id where bo.id = ${so1001!.id}`,
		)
		expect(where, 'detection attributed the breach').toBeTruthy()
		expect(summary).toContain(`Node: ${where!.building_type} of SO-1001`)
		expect(summary).toContain(`Custodian: ${where!.custodian}`)
		expect(
			csvRows(files.get('breach_periods.csv')!)
				.slice(1)
				.map((p) => p[0]),
		).toContain('temperature')
	})

	it('another tenant’s or an unknown breach is a 404; Victor is refused; a bad id is a 400', async () => {
		const [historical] = await historicalDirect(acme)
		expect((await download(historical!.id, gary, 'globex')).status).toBe(404)
		expect((await download(historical!.id, gary, 'acme')).status).toBe(403)
		expect((await download('00000000-0000-4000-8000-000000000000')).status).toBe(404)
		expect((await download(historical!.id, victor)).status).toBe(403)
		expect((await download('not-an-id')).status).toBe(400)
		const [theirs] = await historicalDirect(globex)
		expect((await download(theirs!.id)).status).toBe(404)
		expect((await download(theirs!.id, gary, 'globex')).status).toBe(200)
	})
})
