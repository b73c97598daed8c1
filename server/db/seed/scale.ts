import { and, eq, like, sql } from 'drizzle-orm'
import type { Database } from '../client'
import {
	carriers,
	conveyanceTypes,
	orderTypes,
	organizations,
	shipSets,
	statusTypes,
	substatusTypes,
} from '../schema'
import { copyRowsPglite, pgliteClientOf } from './copy'
import { deriveNewOrders } from './derive'
import { startOfUtcDay } from './random'
import { emptyRows, flushRows } from './rows'
import { buildScaleOrder, SCALE_DIGITS, SCALE_PREFIX } from './scale-order'

/**
 * Bulk orders for benchmarks: `npm run seed -- --orders 100000`. Each order
 * gets a destination location, one shipment with a tracking number, 2–4 nodes
 * and 3–8 events. Rows are built, derived from their events as the ingestion
 * derives them (./derive.ts) and written one batch at a time (constant memory),
 * each batch in its own transaction. Names continue after the highest existing
 * `BX-nnnnnnn` of the organization; every order's rows come from a PRNG seeded
 * by (organization, index), so reruns are reproducible.
 *
 * The batches go in with the triggers off (session_replication_role = replica,
 * when allowed): the rows are consistent by construction, and the read models'
 * row triggers, the freight report's above all, would make a million orders
 * take hours. `rebuild_read_models` then makes them whole from the same
 * definitions the triggers apply (server/db/read-models.sql).
 */

export { SCALE_PREFIX }

export interface SeedScaleOptions {
	orders: number
	/** Default 'acme'. */
	organizationSlug?: string
	/** Orders per batch (one transaction each). Default 500. */
	batchSize?: number
	/** Anchor of the generated dates (spread over the year before it). Default: today, midnight UTC. */
	today?: Date
	onProgress?: (done: number, total: number) => void
}

export interface SeedScaleResult {
	orders: number
	rows: number
	firstName: string | null
	lastName: string | null
	ms: number
}

export async function seedScale(db: Database, opts: SeedScaleOptions): Promise<SeedScaleResult> {
	const started = Date.now()
	const slug = opts.organizationSlug ?? 'acme'
	const batchSize = Math.max(1, opts.batchSize ?? 500)
	const [org] = await db
		.select({ id: organizations.id })
		.from(organizations)
		.where(eq(organizations.slug, slug))
	if (!org)
		throw new Error(`seedScale: no organization with slug '${slug}'. Seed the demo data first.`)
	const carrierRows = await db
		.select({
			id: carriers.id,
			name: carriers.name,
			// freight_costs.mode of the carrier's conveyance type (Ground 0, Air 1, Ocean 2).
			mode: sql<
				string | null
			>`(select case ${conveyanceTypes.code} when 0 then 'ground' when 1 then 'air' when 2 then 'ocean' end from ${conveyanceTypes} where ${conveyanceTypes.id} = ${carriers.conveyanceTypeId})`,
		})
		.from(carriers)
		.where(eq(carriers.organizationId, org.id))
		.orderBy(carriers.code)
	if (carrierRows.length === 0)
		throw new Error(`seedScale: organization '${slug}' has no carriers.`)
	const types = {
		orderTypeIds: (
			await db
				.select({ id: orderTypes.id })
				.from(orderTypes)
				.where(eq(orderTypes.organizationId, org.id))
				.orderBy(orderTypes.id)
		).map((r) => r.id),
		issueTypeIds: (
			await db
				.select({ id: substatusTypes.id })
				.from(substatusTypes)
				.innerJoin(statusTypes, eq(statusTypes.id, substatusTypes.statusTypeId))
				.where(eq(statusTypes.code, 3))
				.orderBy(substatusTypes.id)
		).map((r) => r.id),
	}
	const [last] = await db
		.select({ name: sql<string | null>`max(${shipSets.name})` })
		.from(shipSets)
		.where(and(eq(shipSets.organizationId, org.id), like(shipSets.name, `${SCALE_PREFIX}%`)))
	const first = last?.name ? Number.parseInt(last.name.slice(SCALE_PREFIX.length), 10) + 1 : 1
	const anchor = startOfUtcDay(opts.today ?? new Date())
	const su = await db.execute<{ on: boolean }>(
		sql`select current_setting('is_superuser') = 'on' as on`,
	)
	const superuser = su.rows[0]?.on === true
	// On PGlite, COPY is the fastest way in (see copy.ts); PostgreSQL takes INSERT … unnest.
	const pglite = pgliteClientOf(db)

	let rowCount = 0
	const rows = emptyRows()
	for (let done = 0; done < opts.orders;) {
		const n = Math.min(batchSize, opts.orders - done)
		for (let i = 0; i < n; i++)
			buildScaleOrder(rows, org.id, slug, first + done + i, carrierRows, anchor, types)
		deriveNewOrders(rows, anchor)
		if (pglite) {
			rowCount += await copyRowsPglite(pglite, rows, anchor, { triggers: false })
		} else
			rowCount += await db.transaction(async (tx) => {
				// Bulk load: skip the triggers when allowed (superuser). Local to this transaction.
				if (superuser) await tx.execute(sql`set local session_replication_role = replica`)
				return flushRows(tx, rows, { clock: anchor, batchSize: 2000 })
			})
		done += n
		opts.onProgress?.(done, opts.orders)
	}
	if (opts.orders > 0) await db.execute(sql`select rebuild_read_models(${org.id})`)
	const name = (i: number) => `${SCALE_PREFIX}${String(i).padStart(SCALE_DIGITS, '0')}`
	return {
		orders: opts.orders,
		rows: rowCount,
		firstName: opts.orders > 0 ? name(first) : null,
		lastName: opts.orders > 0 ? name(first + opts.orders - 1) : null,
		ms: Date.now() - started,
	}
}
