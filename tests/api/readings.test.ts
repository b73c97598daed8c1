import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { ReadingsResponse } from '../../server/sensors/readings.contract'
import { createApiKey, revokeApiKey } from '../../server/auth/machine-keys'
import { createHarness, type Harness } from './harness'

/**
 * Readings in: a batch is stored whole or refused naming its bad reading, is
 * idempotent, and opens, extends and closes breaches in the same request, with durations and
 * counts as computed by hand below.
 */

let h: Harness
let key: string
let group: string
const H = 3_600_000
const T0 = Date.parse('2026-11-01T00:00:00Z')
const at = (hours: number) => new Date(T0 + hours * H).toISOString()
const temp = (hours: number, value: number, measurable_id = 'PLT-TEST-1') => ({
	measurable_id,
	type: 'temperature',
	measure_at: at(hours),
	value,
})

beforeAll(async () => {
	h = await createHarness()
	key = (await createApiKey(h.db, 'acme', 'gateway', ['readings:write'])).key
	// A tracking group of our own on SO-1007's shipment: a pallet, temperature 2 … 8 °C.
	const so1007 = await h.orderId('acme', 'SO-1007')
	const { rows } = await h.db.execute<{ group: string }>(sql`
		with g as (
			insert into tracking_groups (organization_id, name, shipment_id, device_type_name, started_at)
			select s.organization_id, 'TG-TEST', s.id, 'Test logger', ${at(-1)}::timestamptz from shipments s where s.ship_set_id = ${so1007} order by s.created_at limit 1
			returning id, organization_id
		), i as (
			insert into tracking_group_items (organization_id, tracking_group_id, item_type, name, measurable_id)
			select organization_id, id, 'pallet', 'PLT-TEST-1', 'PLT-TEST-1' from g
		), t as (
			insert into threshold_settings (organization_id, tracking_group_id, measurement_type_id, min, max)
			select g.organization_id, g.id, m.id, 2, 8 from g, measurement_types m where m.code = 'temperature'
		)
		select id as "group" from g`)
	group = rows[0]!.group
})
afterAll(async () => {
	await h?.close()
})

const post = (body: unknown, opts: { key?: string | null; group?: string } = {}) =>
	h.call(`/api/ingest/1.0/tracking_groups/${opts.group ?? group}/readings`, {
		method: 'POST',
		headers: opts.key === null ? {} : { Authorization: `Bearer ${opts.key ?? key}` },
		body,
	})

async function breaches() {
	const { rows } = await h.db.execute<{
		id: string
		ongoing: boolean
		breach_count: number
		total_duration_seconds: number
		first_event_at: Date
		node_id: string | null
		custodian: string | null
	}>(sql`select * from breached_orders where tracking_group_id = ${group} order by first_event_at`)
	return rows
}

describe('detection in the same request', () => {
	it('a reading outside opens a breach, on the order’s node and custodian at that time', async () => {
		const res = await post({ readings: [temp(0, 5), temp(1, 9), temp(2, 10.4)] })
		expect(res.status).toBe(200)
		const body = ReadingsResponse.parse(res.body)
		expect(body.accepted).toBe(3)
		expect(body.breaches).toEqual([
			expect.objectContaining({
				measurable_id: 'PLT-TEST-1',
				ongoing: true,
				breach_count: 2,
				total_duration_seconds: 3600,
			}),
		])
		const [b] = await breaches()
		expect(b).toMatchObject({ ongoing: true, breach_count: 2, total_duration_seconds: 3600 })
		expect(new Date(b!.first_event_at).toISOString()).toBe(at(1))
		expect(b!.node_id).not.toBeNull()
		expect(b!.custodian).toBeTruthy()
		const { rows: orders } = await h.db.execute<{ name: string }>(
			sql`select s.name from breached_order_ship_sets x join ship_sets s on s.id = x.ship_set_id where x.breached_order_id = ${b!.id}`,
		)
		expect(orders.map((o) => o.name)).toEqual(['SO-1007'])
		const { rows: summaries } = await h.db.execute<{
			sensor_type_code: string
			count: number
			first_event_summary: string
			durations: { value: number; type: string }[]
		}>(sql`select * from measurement_exception_summaries where breached_order_id = ${b!.id}`)
		expect(summaries).toHaveLength(1)
		expect(summaries[0]).toMatchObject({
			sensor_type_code: 'temperature',
			count: 2,
			first_event_summary: 'Temperature above maximum threshold of 8 °C (reading 9 °C)',
		})
		expect(summaries[0]!.durations).toEqual([
			expect.objectContaining({ value: 3600, type: 'above' }),
		])
	})

	it('a later batch extends it; a reading back within bounds closes it into history', async () => {
		// Still above at 3 h: open, 2 h long; back to 6 °C at 4 h: closed, 1 h → 4 h = 3 h, 3 readings outside.
		const extended = ReadingsResponse.parse((await post({ readings: [temp(3, 11.2)] })).body)
		expect(extended.breaches).toEqual([
			expect.objectContaining({ ongoing: true, breach_count: 3, total_duration_seconds: 2 * 3600 }),
		])
		const closed = ReadingsResponse.parse((await post({ readings: [temp(4, 6), temp(5, 5)] })).body)
		expect(closed.breaches).toEqual([
			expect.objectContaining({
				ongoing: false,
				breach_count: 3,
				total_duration_seconds: 3 * 3600,
			}),
		])
		const list = await breaches()
		expect(list).toHaveLength(1)
		expect(list[0]!.ongoing).toBe(false)
	})

	it('the next excursion opens a new breach; below the minimum counts too', async () => {
		const res = ReadingsResponse.parse(
			(await post({ readings: [temp(10, 1.5), temp(11, 1), temp(12, 3)] })).body,
		)
		expect(res.breaches).toEqual([
			expect.objectContaining({
				ongoing: false,
				breach_count: 2,
				total_duration_seconds: 2 * 3600,
			}),
		])
		const list = await breaches()
		expect(list.map((b) => [b.ongoing, b.breach_count, b.total_duration_seconds])).toEqual([
			[false, 3, 3 * 3600],
			[false, 2, 2 * 3600],
		])
	})

	it('a reading older than the latest stored is kept but does not reopen anything', async () => {
		const res = ReadingsResponse.parse((await post({ readings: [temp(6, 30)] })).body)
		expect(res.accepted).toBe(1)
		expect(res.breaches).toEqual([])
		expect(await breaches()).toHaveLength(2)
	})
})

describe('a batch is whole or nothing, and idempotent', () => {
	it('a repeated batch changes nothing', async () => {
		const batch = { readings: [temp(20, 5), temp(21, 9)] }
		const first = ReadingsResponse.parse((await post(batch)).body)
		expect(first.accepted).toBe(2)
		const counts = await h.rowCounts()
		const again = ReadingsResponse.parse((await post(batch)).body)
		expect(again).toEqual({ accepted: 0, duplicates: 2, breaches: [] })
		expect(await h.rowCounts()).toEqual(counts)
	})

	it('a reading repeated within one batch is stored once and detected once', async () => {
		const res = ReadingsResponse.parse(
			(await post({ readings: [temp(50, 5), temp(51, 12), temp(51, 12), temp(52, 5)] })).body,
		)
		expect(res).toMatchObject({ accepted: 3, duplicates: 1 })
		const { rows } = await h.db.execute<{ n: number }>(
			sql`select count(*)::int as n from measurements where tracking_group_id = ${group} and measure_at = ${at(51)}::timestamptz`,
		)
		expect(rows[0]!.n).toBe(1)
		// The excursion at 51 h, back at 52 h: one reading outside, one hour, closed.
		const last = (await breaches()).at(-1)!
		expect(last).toMatchObject({ ongoing: false, breach_count: 1, total_duration_seconds: 3600 })
	})

	it('a bad reading refuses the whole batch with a 400 naming it; nothing is stored', async () => {
		const counts = await h.rowCounts()
		const cases: [unknown, string][] = [
			[{ readings: [temp(30, 5), temp(31, 9, 'PLT-NOPE')] }, 'readings.1.measurable_id'],
			[{ readings: [temp(30, 5), { ...temp(31, 5), type: 'smell' }] }, 'readings.1.type'],
			[{ readings: [{ ...temp(30, 5), value: '5' }] }, 'readings.0.value'],
			[{ readings: [{ ...temp(30, 5), measure_at: 'yesterday' }] }, 'readings.0.measure_at'],
			[
				{
					readings: [
						{ ...temp(30, 5), measure_at: new Date(Date.now() + 86_400_000).toISOString() },
					],
				},
				'readings.0.measure_at',
			],
			[{ readings: [] }, 'readings'],
			[{ readings: Array.from({ length: 5001 }, (_, i) => temp(40 + i, 5)) }, 'readings'],
		]
		for (const [body, field] of cases) {
			const res = await post(body)
			expect(res.status, field).toBe(400)
			expect(JSON.stringify(res.body), field).toContain(field)
		}
		expect(await h.rowCounts()).toEqual(counts)
	})
})

describe('a machine credential of the supply chain, not a person', () => {
	it('refuses no key, an unknown or revoked key, a key without the scope, a person’s token, and another supply chain’s group', async () => {
		const body = { readings: [temp(50, 5)] }
		expect((await post(body, { key: null })).status).toBe(401)
		expect((await post(body, { key: 'wmk_not-a-key' })).status).toBe(401)
		expect((await post(body, { key: await h.tokenFor('olivia@acme.test') })).status).toBe(401)
		const readOnly = (await createApiKey(h.db, 'acme', 'read-only', ['readings:read'])).key
		expect((await post(body, { key: readOnly })).status).toBe(403)
		// The key is found and stamped in one statement only with the scope: a refused key is not "used".
		const lastUsed = async (name: string) =>
			(
				await h.db.execute<{ at: string | null }>(
					sql`select k.last_used_at as at from api_keys k join organizations o on o.id = k.organization_id where o.slug = 'acme' and k.name = ${name}`,
				)
			).rows[0]!.at
		expect(await lastUsed('read-only')).toBeNull()
		const old = (await createApiKey(h.db, 'acme', 'old', ['readings:write'])).key
		expect(await revokeApiKey(h.db, 'acme', 'old')).toBe(1)
		expect((await post(body, { key: old })).status).toBe(401)
		const globex = (await createApiKey(h.db, 'globex', 'gateway', ['readings:write'])).key
		expect((await post(body, { key: globex })).status).toBe(404)
	})
})

describe('the demo seed goes through the same detection', () => {
	it('SO-1001 has a closed 5-hour excursion on 23 October and an ongoing one from its last three readings', async () => {
		const { rows } = await h.db.execute<{
			ongoing: boolean
			breach_count: number
			total_duration_seconds: number
			custodian: string | null
		}>(
			sql`select b.* from breached_orders b join breached_order_ship_sets x on x.breached_order_id = b.id join ship_sets s on s.id = x.ship_set_id
				where s.name = 'SO-1001' order by b.first_event_at`,
		)
		// 23 Oct 14:00 … 18:00 above 8 °C, 19:00 back: 5 readings, 5 h. 27 Oct 19:00 … 21:00 above: 3 readings, 2 h so far.
		expect(rows.map((r) => [r.ongoing, r.breach_count, r.total_duration_seconds])).toEqual([
			[false, 5, 5 * 3600],
			[true, 3, 2 * 3600],
		])
		// The pallet rides SO-1001's UPS line haul, in transit at both times: UPS had it (not the final-mile USPS node beside it).
		expect(rows.map((r) => r.custodian)).toEqual([
			'UPS · 1Z999AA10123456784',
			'UPS · 1Z999AA10123456784',
		])
	})
})
