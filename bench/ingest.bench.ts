/**
 * Orders, shipments and events in: how many events a second the ingestion endpoint
 * stores in batches of 1,000 (target ≥ 10,000/s on PGlite), each batch deriving its orders'
 * status, node strip, shipments and dashboard rollups and recording its domain events in the same
 * transaction. At each scale (demo data grown to N orders), a journey: 100 orders with two
 * shipments each sent first (not timed), then BATCHES batches of 1,000 events — 10 per order per
 * batch, a whole journey over the run, sent in time order — through the API in memory with a
 * machine key. --warm-up journeys (default 1) run untimed first, then --journeys (default 3) are
 * measured, each of its own orders: p50/p95 over their batches.
 *
 * Then the time from ingest to webhook delivery: the news-out worker running as server.ts runs it
 * (polling every NEWS_POLL_MS, default 500 ms, while idle) and a subscription to order.event_added
 * at a receiver on 127.0.0.1; from the moment the batch's answer is back (committed) until the
 * receiver has the signed delivery: 40 batches of one event 20–80 ms apart, then one batch of
 * 1,000 events (until each and the last is delivered).
 *
 *   npm run bench -- ingest [--scales 1000,100000] [--warm-up 1] [--journeys 3]
 */
import os from 'node:os'
import { parseArgs } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { createApiKey } from '../server/auth/machine-keys'
import { organizations, webhookSubscriptions } from '../server/db/schema'
import { addressPolicy } from '../server/news-out/address-guard'
import { unsubscribeKey } from '../server/news-out/unsubscribe'
import { newSecret } from '../server/news-out/webhooks'
import { createNewsWorker } from '../server/news-out/worker'
import { benchApi, deliveryReceiver, quantile, scalesFromArgs } from './harness'

const scales = scalesFromArgs([1_000])
const ORDERS = 100
const PER_ORDER = 10
const BATCHES = Number(process.env.BATCHES ?? 10)
const { values: args } = parseArgs({
	options: {
		'warm-up': { type: 'string', default: '1' },
		journeys: { type: 'string', default: '3' },
	},
	strict: false,
})
/** Whole journeys (BATCHES batches each, other orders) sent before the measured ones. */
const WARM_UP_JOURNEYS = Number(args['warm-up'])
/** Journeys measured, each of its own ORDERS orders. */
const JOURNEYS = Math.max(1, Number(args.journeys))
const H = 3_600_000

const h = await benchApi()
const { key } = await createApiKey(h.db, 'acme', 'bench', ['orders:write', 'events:write'])
const post = async (body: unknown) => {
	const res = await h.api.fetch(
		new Request('http://scm.internal/api/ingest/1.0/batches', {
			method: 'POST',
			headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		}),
	)
	const answer = (await res.json()) as { events?: { created: number } }
	if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(answer).slice(0, 300)}`)
	return answer
}
const place = (n: number) => ({
	name: `Bench Site ${n % 20}`,
	city: 'Austin',
	state: 'TX',
	country: 'US',
})
const rows: string[] = []
let base = 0
/**
 * A whole journey of ORDERS orders: the orders and their shipments (not timed), then BATCHES
 * batches of 1,000 events in time order; answers each batch's time and CPU and the events stored.
 */
async function journey(prefix: string) {
	const order = (i: number) => `${prefix}-${i}`
	await post({
		orders: Array.from({ length: ORDERS }, (_, i) => ({
			order_number: order(i),
			final_location: place(1000 + i),
			promise_date: new Date(Date.now() + 10 * 24 * H).toISOString(),
		})),
		shipments: Array.from({ length: ORDERS }, (_, i) => [
			{
				external_id: `${order(i)}-S1`,
				order_number: order(i),
				carrier: 'UPS',
				tracking_number: `${order(i)}-T1`,
			},
			{
				external_id: `${order(i)}-S2`,
				order_number: order(i),
				carrier: 'FedEx',
				tracking_number: `${order(i)}-T2`,
				final_mile: true,
			},
		]).flat(),
	})
	const start = Date.now() - 30 * 24 * H
	const times: number[] = []
	const cpu: number[] = []
	let created = 0
	for (let b = 0; b < BATCHES; b++) {
		const events = []
		for (let i = 0; i < ORDERS; i++)
			for (let k = 0; k < PER_ORDER; k++) {
				const step = b * PER_ORDER + k
				const shipment = step < 40 ? null : step < 70 ? `${order(i)}-S1` : `${order(i)}-S2`
				const last = step === BATCHES * PER_ORDER - 1
				events.push({
					external_id: `${order(i)}-E${step}`,
					order_number: order(i),
					shipment_external_id: shipment,
					title: last ? 'Delivered' : shipment ? 'In transit' : 'Production update',
					type: last ? 'delivered' : shipment ? 'transit' : 'info',
					event_at: new Date(start + step * 6 * H + i * 60_000).toISOString(),
					timezone: 'America/Chicago',
					node: shipment
						? { building_type: 'Transit' }
						: { building_type: 'Factory', location: place(i) },
				})
			}
		const t = performance.now()
		const c = process.cpuUsage()
		const answer = await post({ events })
		times.push(performance.now() - t)
		const used = process.cpuUsage(c)
		cpu.push((used.user + used.system) / 1000)
		created += answer.events?.created ?? 0
	}
	return { times, cpu, created }
}
for (const scale of scales) {
	await h.growTo(scale)
	await h.db.execute(sql`analyze`)
	// Warm-up journeys of other orders, not timed: V8 optimizes the ingestion's code and tiers up
	// the PGlite thread's WebAssembly during the first batches (ADR 0029 §9: the same holds for
	// pages), and a server that ingests all day is past that. --warm-up 0 measures a cold start.
	for (let w = 0; w < WARM_UP_JOURNEYS; w++) await journey(`WARM-${scale}-${w}`)
	// Measured: JOURNEYS journeys of their own orders, one after another (each the whole mix: new
	// Factory nodes, then the first shipment's, then the final mile's, then delivered).
	const times: number[] = []
	const cpu: number[] = []
	let created = 0
	for (let j = 0; j < JOURNEYS; j++) {
		const one = await journey(`BENCH-${scale}-${j}`)
		times.push(...one.times)
		cpu.push(...one.cpu)
		created += one.created
	}
	if (created !== ORDERS * PER_ORDER * BATCHES * JOURNEYS)
		throw new Error(`stored ${created} events`)
	const { rows: delivered } = await h.db.execute<{ n: number }>(
		sql`select count(*)::int as n from ship_sets where name like ${`BENCH-${scale}-%`} and status = 'delivered'`,
	)
	const total = times.reduce((a, b) => a + b, 0)
	times.sort((a, b) => a - b)
	const p50 = times[Math.floor(times.length / 2)]!
	const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!
	const rate = (ORDERS * PER_ORDER) / (p50 / 1000)
	// PGlite runs in this process: its CPU time is the batch's whole cost, whatever else the machine runs.
	cpu.sort((a, b) => a - b)
	const cpu50 = cpu[Math.floor(cpu.length / 2)]!
	const cpuRate = (ORDERS * PER_ORDER) / (cpu50 / 1000)
	const overall = (ORDERS * PER_ORDER * BATCHES * JOURNEYS) / (total / 1000)
	base ||= rate
	rows.push(
		`${scale.toLocaleString('en-US')} orders | ${p50.toFixed(0)} / ${p95.toFixed(0)} ms | ${Math.round(rate).toLocaleString('en-US')} events/s (×${(rate / base).toFixed(2)}) | ${Math.round(overall).toLocaleString('en-US')} events/s | ${cpu50.toFixed(0)} ms → ${Math.round(cpuRate).toLocaleString('en-US')} events/CPU-s | ${delivered[0]!.n} of ${ORDERS * JOURNEYS} delivered`,
	)
}
console.log(
	`\nEvents in, batches of ${(ORDERS * PER_ORDER).toLocaleString('en-US')} (SCM API in memory; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; target ≥ 10,000 events/s)`,
)
console.log(
	`load average ${os
		.loadavg()
		.map((l) => l.toFixed(1))
		.join(' ')} on ${os.cpus().length} cores`,
)
console.log(
	'scale | batch p50 / p95 | events/s at p50 (ratio to the first) | events/s over the run | CPU per batch (p50) → events per CPU-second | orders delivered by their last event',
)
console.log('--- | --- | --- | --- | --- | ---')
for (const r of rows) console.log(r)

// Ingest → webhook delivery.
const SINGLES = 40
const BURST = 1_000
const answeredAt = new Map<string, number>()
const receiver = await deliveryReceiver((body) => {
	const id = (body as { data: { event: { external_id: string } } }).data.event.external_id
	return id.startsWith('WH-') ? id : undefined
})
const latency = receiver.arrived
const poll = Number(process.env.NEWS_POLL_MS ?? 500)
const worker = createNewsWorker({
	db: h.db,
	policy: addressPolicy(['loopback']),
	publicUrl: 'https://bench.invalid',
	unsubscribeKey: unsubscribeKey('bench-guest-link-secret-0123456789abcdef'),
	intervalMs: poll,
})
// What the batches above announced is not this case's news: fanned out before the subscription exists.
while ((await worker.runDueNow()).dispatched) {
	/* next 500 */
}
const [acme] = await h.db
	.select({ id: organizations.id })
	.from(organizations)
	.where(eq(organizations.slug, 'acme'))
await h.db.insert(webhookSubscriptions).values({
	organizationId: acme!.id,
	url: receiver.url('/ingest'),
	eventKinds: ['order.event_added'],
	secret: newSecret(),
})
worker.start()
const scan = (id: string, i: number) => ({
	external_id: id,
	order_number: `BENCH-${scales.at(-1)}-0-${i % ORDERS}`, // the first measured journey's orders
	title: 'Scanned at hub',
	type: 'info',
	event_at: new Date().toISOString(),
	timezone: 'America/Chicago',
	node: { building_type: 'Transit Hub', location: place(i % 20) },
})
const singleIngest: number[] = []
for (let i = 0; i < SINGLES; i++) {
	const id = `WH-SINGLE-${i}`
	const t = performance.now()
	await post({ events: [scan(id, i)] })
	answeredAt.set(id, performance.now())
	singleIngest.push(performance.now() - t)
	await new Promise((r) => setTimeout(r, 20 + Math.random() * 60))
}
await receiver.until(SINGLES, 180_000)
const single = [...answeredAt].map(([id, at]) => latency.get(id)! - at)
latency.clear()
answeredAt.clear()
const burst = Array.from({ length: BURST }, (_, i) => scan(`WH-BURST-${i}`, i))
const tb = performance.now()
await post({ events: burst })
const burstAnswered = performance.now()
await receiver.until(BURST, 180_000)
const burstTimes = burst.map((e) => latency.get(e.external_id)! - burstAnswered)
await worker.stop()
await receiver.close()
console.log(
	`\nIngest → webhook delivery at a loopback receiver (poll ${poll} ms; one worker; ${os
		.loadavg()
		.map((l) => l.toFixed(1))
		.join(' ')} load)`,
)
console.log('case | ingest answer p50 | after the answer: p50 | p95 | last delivered')
console.log('--- | --- | --- | --- | ---')
console.log(
	`${SINGLES} batches of 1 event | ${quantile(singleIngest, 0.5).toFixed(0)} ms | ${quantile(single, 0.5).toFixed(0)} ms | ${quantile(single, 0.95).toFixed(0)} ms | —`,
)
console.log(
	`1 batch of ${BURST.toLocaleString('en-US')} events | ${(burstAnswered - tb).toFixed(0)} ms | ${(quantile(burstTimes, 0.5) / 1000).toFixed(1)} s | ${(quantile(burstTimes, 0.95) / 1000).toFixed(1)} s | ${(Math.max(...burstTimes) / 1000).toFixed(1)} s`,
)
await h.close()
