import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../client'
import { hashPassword } from '../password'
import { organizations } from '../schema'
import { fillAttribution } from '../../sensors/attribution'
import { copyRowsPglite, pgliteClientOf } from './copy'
import { buildNamedOrders } from './named-orders'
import { buildGeneratedOrder, type BuiltOrder } from './order-builder'
import { addOrderExtras } from './order-extras'
import { DEMO_PASSWORD, USERS } from './orgs'
import { DAY, HOUR, rngFor, startOfUtcDay } from './random'
import {
	contextFor,
	globalIds,
	ORG_CONTEXTS,
	pushGlobalReference,
	pushOrgReference,
	type OrgContext,
} from './reference'
import { ISSUE_TYPES } from './reference-data'
import { emptyRows, flushRows, type SeedRows } from './rows'

export { SEED_FILES, type SeedFile } from './files'
export { DEMO_PASSWORD } from './orgs'

/**
 * The demo data of docs/demo-data.md. Named rows (organizations,
 * people, SO-1001 … SO-1019, follows, views) are fully fixed. The generated
 * history (GENERATED_ORDERS per supply chain) is spread over the twelve months
 * before `today` (midnight UTC of the current day by default): the same rows
 * for a given day, and dashboards that look fresh whenever the seed runs.
 */

export const GENERATED_ORDERS = 300

/** created_at of reference rows (organizations, carriers, …), fixed so reruns match. */
export const SEED_CLOCK = new Date('2026-09-01T00:00:00Z')

export interface SeedDemoOptions {
	/** Anchor of the generated history; default: now, rounded down to midnight UTC. */
	today?: Date
	/** Generated orders per supply chain; default GENERATED_ORDERS. */
	ordersPerOrganization?: number
}

/** Seeds the demo data into an empty database. Returns false (and writes nothing) if organizations exist. */
export async function seedDemo(db: Database, opts: SeedDemoOptions = {}): Promise<boolean> {
	if (await hasOrganizations(db)) return false
	const anchor = startOfUtcDay(opts.today ?? new Date())
	const perOrg = opts.ordersPerOrganization ?? GENERATED_ORDERS
	const rows = await buildDemoRows(anchor, perOrg)
	const pglite = pgliteClientOf(db)
	if (pglite) {
		// Embedded and single-user (the data-folder lock): no concurrent seeder. COPY is faster.
		await copyRowsPglite(pglite, rows, SEED_CLOCK, { triggers: true })
		await attributeBreaches(db)
		return true
	}
	return db.transaction(async (tx) => {
		// Two servers starting at once against one PostgreSQL: the second waits, then sees the data.
		await tx.execute(sql`select pg_advisory_xact_lock(872364001)`)
		if (await hasOrganizations(tx)) return false
		await flushRows(tx, rows, { clock: SEED_CLOCK, batchSize: 2000 })
		await attributeBreaches(tx)
		return true
	})
}

/** The breaches' node and custodian, as the ingestion fills them (server/sensors/attribution.ts). */
async function attributeBreaches(db: Pick<Database, 'select' | 'execute'>) {
	for (const { id } of await db.select({ id: organizations.id }).from(organizations))
		await fillAttribution(db, { organizationId: id })
}

async function hasOrganizations(db: Pick<Database, 'select'>): Promise<boolean> {
	const found = await db.select({ id: organizations.id }).from(organizations).limit(1)
	return found.length > 0
}

/** Builds every demo row in memory (a few tens of thousands of rows). */
export async function buildDemoRows(anchor: Date, perOrg: number): Promise<SeedRows> {
	const rows = emptyRows()
	const hashes = new Map<string, string>()
	for (const u of USERS) {
		// A salt derived from the e-mail keeps the seeded rows identical across runs (demo accounts only).
		const salt = createHash('sha256')
			.update(`waymark-demo-salt:${u.email}`)
			.digest()
			.subarray(0, 16)
		hashes.set(u.email, await hashPassword(DEMO_PASSWORD, salt))
	}
	pushGlobalReference(rows)
	for (const ctx of ORG_CONTEXTS) pushOrgReference(rows, ctx, hashes)
	buildNamedOrders(rows, contextFor('acme'))
	for (const ctx of ORG_CONTEXTS) {
		const built = buildHistory(rows, ctx, anchor, perOrg)
		if (ctx.slug === 'globex') addGaryLists(rows, ctx, built)
	}
	return rows
}

/** Generated orders over the year before `anchor`: names SO-2xxxxx (acme) / GX-xxxxx (globex). */
function buildHistory(rows: SeedRows, ctx: OrgContext, anchor: Date, count: number): BuiltOrder[] {
	const built: BuiltOrder[] = []
	let previousReference = ''
	const raised = { count: 0 }
	for (let i = 1; i <= count; i++) {
		const rng = rngFor(ctx.slug, 'generated', i)
		const number = String(i).padStart(5, '0')
		// Oldest first, denser towards today (about a fifth in the last 30 days) so that the
		// in-transit widgets have data; rng() adds jitter so orders do not start at midnight.
		const daysAgo = ((count - i + rng()) / count) ** 1.5 * 365
		const createdAt = new Date(+anchor - daysAgo * DAY)
		// Every 37th order shares its reference with the previous one (a PO split into two orders).
		const referenceNumber =
			i % 37 === 0 && previousReference
				? previousReference
				: `${ctx.seed.generatedReferencePrefix}${number}`
		previousReference = referenceNumber
		const order = buildGeneratedOrder(rows, {
			ctx,
			rng,
			name: `${ctx.seed.generatedPrefix}${number}`,
			referenceNumber,
			now: anchor,
			createdAt,
		})
		addOrderExtras(rows, order, rng, anchor)
		openIssueOfEveryAge(order, raised, anchor)
		order.draft.finish(anchor)
		built.push(order)
	}
	return built
}

/** Gary (globex) follows and has viewed a few of the generated orders. */
function addGaryLists(rows: SeedRows, ctx: OrgContext, built: BuiltOrder[]): void {
	const gary = globalIds.user('gary@globex.test')
	const recent = [...built].reverse()
	const inTransit = recent.filter((o) => o.status === 'in_transit').slice(0, 2)
	const delivered = recent.filter((o) => o.status === 'delivered').slice(0, 1)
	for (const o of [...inTransit, ...delivered]) {
		rows.follows.push({
			id: o.draft.childId('follow', 'gary'),
			organizationId: ctx.id,
			userId: gary,
			shipSetId: o.draft.id,
			createdAt: o.createdAt,
		})
	}
	recent.slice(0, 3).forEach((o, i) => {
		const viewedAt = new Date(+o.createdAt + (3 - i) * 3_600_000)
		rows.recentlyViewed.push({
			id: o.draft.childId('viewed', 'gary'),
			organizationId: ctx.id,
			userId: gary,
			shipSetId: o.draft.id,
			viewedAt,
			createdAt: viewedAt,
		})
	})
}

/** Ages in days of the open issues raised on in-transit orders, in turn: each Issues Log age group (1, 3, 5, more) gets some. */
const OPEN_ISSUE_AGES_DAYS = [0, 1, 2, 3, 4, 5, 7, 10] as const

/**
 * The Issues Log (001 §2) shows open issues coloured by age (1, 3 and 5 days): an order whose
 * line haul is still in transit and was not delayed gets an issue, raised by an exception event
 * on its line haul, at an age taken in turn from OPEN_ISSUE_AGES_DAYS and with the issue types in
 * turn (the shipment's open issue follows from that event, ./derive.ts). A delayed one has its
 * delay's issue; one the plan delays after today (its event not written yet) has none so far.
 */
function openIssueOfEveryAge(order: BuiltOrder, raised: { count: number }, anchor: Date) {
	const lineHaul = order.lineHaul
	if (!lineHaul?.inTransit || lineHaul.delayed) return
	const n = raised.count++
	const age = OPEN_ISSUE_AGES_DAYS[n % OPEN_ISSUE_AGES_DAYS.length]!
	const issue = ISSUE_TYPES[n % ISSUE_TYPES.length]!
	const at = new Date(Math.max(+anchor - age * DAY - 3 * HOUR, +lineHaul.shippedAt + HOUR))
	order.draft.addEvent({
		nodeId: lineHaul.nodeId,
		shipmentId: lineHaul.shipmentId,
		title: `Delayed: ${issue.name}`,
		eventType: 'exception',
		eventAt: at,
		timezoneName: 'UTC',
		summary: `${issue.name} reported by ${lineHaul.carrier.name}`,
		substatusTypeId: globalIds.issueType(issue.code),
	})
}
