/**
 * News out: the time from a recorded domain event (its transaction committed) to its
 * signed webhook delivery at a receiver on loopback, with the news-out worker running as
 * server.ts runs it (polling every NEWS_POLL_MS while idle, default 500 ms; going on at once
 * while there is work). Two cases at each poll interval:
 *
 * - single: events one at a time, 20–80 ms apart (p50 / p95 of each event's latency);
 * - burst: 1,000 events in one transaction (time until the last is delivered, and p50 / p95).
 *
 *   npm run bench -- webhooks [--polls 500,100]
 */
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { organizations, webhookSubscriptions } from '../server/db/schema'
import { recordDomainEvents } from '../server/domain-events/record'
import { addressPolicy } from '../server/news-out/address-guard'
import { newSecret } from '../server/news-out/webhooks'
import { unsubscribeKey } from '../server/news-out/unsubscribe'
import { createNewsWorker } from '../server/news-out/worker'
import { benchApi, deliveryReceiver, quantile } from './harness'

const { values } = parseArgs({ options: { polls: { type: 'string' } }, strict: false })
const polls = (typeof values.polls === 'string' ? values.polls : '500,100').split(',').map(Number)
const SINGLES = 60
const BURST = 1_000

const h = await benchApi()
const [acme] = await h.db
	.select({ id: organizations.id })
	.from(organizations)
	.where(eq(organizations.slug, 'acme'))

const recordedAt = new Map<string, number>()
const receiver = await deliveryReceiver((body) => {
	const id = (body as { data: { bench_id: string } }).data.bench_id
	return recordedAt.has(id) ? id : undefined
})
await h.db.insert(webhookSubscriptions).values({
	organizationId: acme!.id,
	url: receiver.url('/bench'),
	eventKinds: ['order.event_added'],
	secret: newSecret(),
})
const latency = (id: string) => receiver.arrived.get(id)! - recordedAt.get(id)!

let seq = 0
const event = () => {
	const id = `b${seq++}`
	return {
		id,
		event: {
			organizationId: acme!.id,
			kind: 'order.event_added' as const,
			shipSetId: null,
			occurredAt: new Date(),
			payload: { bench_id: id, title: 'Bench scan' },
		},
	}
}

const rows: string[] = []
for (const poll of polls) {
	const worker = createNewsWorker({
		db: h.db,
		policy: addressPolicy(['loopback']),
		publicUrl: 'https://bench.invalid',
		unsubscribeKey: unsubscribeKey('bench-guest-link-secret-0123456789abcdef'),
		intervalMs: poll,
	})
	worker.start()
	const cpu = process.cpuUsage()

	receiver.arrived.clear()
	recordedAt.clear()
	const ids: string[] = []
	for (let i = 0; i < SINGLES; i++) {
		const { id, event: e } = event()
		await h.db.transaction((tx) => recordDomainEvents(tx, [e]))
		recordedAt.set(id, performance.now())
		ids.push(id)
		await new Promise((r) => setTimeout(r, 20 + Math.random() * 60))
	}
	await receiver.until(SINGLES, 120_000)
	const single = ids.map(latency)
	rows.push(
		`${poll} ms | single (${SINGLES}) | ${quantile(single, 0.5).toFixed(0)} ms | ${quantile(single, 0.95).toFixed(0)} ms | —`,
	)

	receiver.arrived.clear()
	recordedAt.clear()
	const burst = Array.from({ length: BURST }, event)
	await h.db.transaction((tx) =>
		recordDomainEvents(
			tx,
			burst.map((b) => b.event),
		),
	)
	const t = performance.now()
	for (const b of burst) recordedAt.set(b.id, t)
	await receiver.until(BURST, 120_000)
	const times = burst.map((b) => latency(b.id))
	rows.push(
		`${poll} ms | burst (${BURST.toLocaleString('en-US')}) | ${quantile(times, 0.5).toFixed(0)} ms | ${quantile(times, 0.95).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms`,
	)
	await worker.stop()
	const used = process.cpuUsage(cpu)
	rows.push(
		`${poll} ms | (CPU of this process for both cases) | ${((used.user + used.system) / 1e6).toFixed(1)} s | | `,
	)
}

console.log(
	`\nDomain event → webhook delivery at a loopback receiver (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, demo data, one worker)`,
)
console.log('poll interval | case | p50 | p95 | last delivered')
console.log('--- | --- | --- | --- | ---')
for (const r of rows) console.log(r)
await receiver.close()
await h.close()
