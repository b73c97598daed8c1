/**
 * Readings in: how many readings a second the ingestion endpoint stores with breach
 * detection on (target ≥ 20,000/s on PGlite), and whether a breach is listed by the same request
 * that carried its first reading outside thresholds. At each scale (demo data grown to N orders):
 * batches of 5,000 readings (50 pallets × temperature and humidity × 50 times), one pallet in ten
 * with an excursion in each batch, posted through the API in memory with a machine key.
 *
 *   npm run bench -- readings [--scales 1000,100000]
 */
import { sql } from 'drizzle-orm'
import { createApiKey } from '../server/auth/machine-keys'
import { benchApi, scalesFromArgs } from './harness'

const scales = scalesFromArgs([1_000, 100_000])
const ITEMS = 50
const TIMES = 50
const BATCHES = 12
const H = 3_600_000

const h = await benchApi()
const { key } = await createApiKey(h.db, 'acme', 'bench', ['readings:write'])
const rows: string[] = []
let base = 0
for (const scale of scales) {
	await h.growTo(scale)
	await h.db.execute(sql`analyze`)
	const { rows: made } = await h.db.execute<{ id: string }>(sql`
		with g as (
			insert into tracking_groups (organization_id, name, shipment_id, device_type_name, started_at)
			select s.organization_id, ${`TG-BENCH-${scale}`}, s.id, 'Bench logger', now() - interval '30 days'
			from shipments s join organizations o on o.id = s.organization_id where o.slug = 'acme' and s.status = 'in_transit' limit 1
			returning id, organization_id
		), i as (
			insert into tracking_group_items (organization_id, tracking_group_id, item_type, name, measurable_id)
			select g.organization_id, g.id, 'pallet', 'PLT-B' || n, 'PLT-B' || n from g, generate_series(1, ${ITEMS}) n
		), t as (
			insert into threshold_settings (organization_id, tracking_group_id, measurement_type_id, min, max)
			select g.organization_id, g.id, m.id, case m.code when 'temperature' then 2 else 20 end, case m.code when 'temperature' then 8 else 70 end
			from g, measurement_types m where m.code in ('temperature', 'humidity')
		)
		select id from g`)
	const group = made[0]!.id
	const start = Date.now() - 20 * 24 * H
	const times: number[] = []
	let listed = 0
	let breachesSeen = 0
	for (let b = 0; b < BATCHES; b++) {
		const readings = []
		for (let item = 1; item <= ITEMS; item++) {
			const excursion = (item + b) % 10 === 0
			for (let k = 0; k < TIMES; k++) {
				const at = new Date(start + (b * TIMES + k) * 60_000).toISOString()
				const hot = excursion && k >= 20 && k < 30
				readings.push({
					measurable_id: `PLT-B${item}`,
					type: 'temperature',
					measure_at: at,
					value: hot ? 9.5 : 5 + (k % 5) * 0.3,
				})
				readings.push({
					measurable_id: `PLT-B${item}`,
					type: 'humidity',
					measure_at: at,
					value: 45 + (k % 7),
				})
			}
		}
		const t = performance.now()
		const res = await h.api.fetch(
			new Request(`http://scm.internal/api/ingest/1.0/tracking_groups/${group}/readings`, {
				method: 'POST',
				headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
				body: JSON.stringify({ readings }),
			}),
		)
		const body = (await res.json()) as { accepted: number; breaches: { id: string }[] }
		times.push(performance.now() - t)
		if (!res.ok || body.accepted !== readings.length)
			throw new Error(`batch ${b}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`)
		// Listed by the same request: every breach the answer names is already stored.
		const ids = body.breaches.map((x) => x.id)
		breachesSeen += ids.length
		if (ids.length) {
			const { rows: found } = await h.db.execute<{ n: number }>(
				sql`select count(*)::int as n from breached_orders where id in (${sql.join(
					ids.map((id) => sql`${id}::uuid`),
					sql`, `,
				)})`,
			)
			listed += found[0]!.n
		}
	}
	times.sort((a, b) => a - b)
	const p50 = times[Math.floor(times.length / 2)]!
	const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!
	const rate = (ITEMS * TIMES * 2) / (p50 / 1000)
	base ||= rate
	rows.push(
		`${scale.toLocaleString('en-US')} orders | ${p50.toFixed(0)} / ${p95.toFixed(0)} ms | ${Math.round(rate).toLocaleString('en-US')} readings/s (×${(rate / base).toFixed(2)}) | ${listed} of ${breachesSeen} breaches stored when the request answered`,
	)
}
console.log(
	`\nReadings in, batches of ${(ITEMS * TIMES * 2).toLocaleString('en-US')} with detection (SCM API in memory; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
)
console.log(
	'scale | batch p50 / p95 | readings/s at p50 (ratio to the first) | listed by the same request',
)
console.log('--- | --- | --- | ---')
for (const r of rows) console.log(r)
await h.close()
