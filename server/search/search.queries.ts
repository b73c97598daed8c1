import { sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'
import { searchRows } from '../db/schema'
import type { QuickField, SearchRow, SortColumn } from './search.contract'
import {
	containsPattern,
	prefixPattern,
	type Place,
	type SearchFilters,
	type SearchSort,
} from './filters'

/**
 * The signed-in search (000 §2 "Advanced Search", §7). One row per order × shipment; an
 * order without shipments appears once unless a shipment filter is given. It reads the
 * search read model, search_rows (server/db/schema/search.ts, ADR 0021): one row per
 * result row, kept by triggers in the transaction of every write, so that a search is one
 * table and every filter an index: the order number prefix a LIKE 'x%' on (organization,
 * name text_pattern_ops); reference, pallet, carton and tracking numbers equalities on
 * their (organization, …) indexes; a carrier, a conveyance type and a shipment date range
 * (organization, carrier or conveyance type, shipped day); a place of the location trees
 * (organization, country, state, city); the final shipping location name an ILIKE '%x%'
 * the trigram GIN index answers (or, for fewer than three letters, a scan of the narrow
 * (organization, location) index); the first page in the default sort walks (organization, name, order,
 * row) and stops. Counts read only index columns (index-only scans of narrow indexes), or
 * sum a few rows of the counts the same triggers keep (countRows).
 */

/** search_rows as every statement of the search names it, `search_rows r`, with the declaration's columns. */
export const row = alias(searchRows, 'r')
/** What a search reads from. */
export const FROM_ROWS = sql`${searchRows} ${row}`

/** The sort expression of each column: nulls as the lowest value, so every direction is total. */
const SORTS: Record<SortColumn, SQL> = {
	order_number: sql`${row.shipSetName}`,
	reference_number: sql`coalesce(${row.referenceNumber}, '')`,
	carrier_name: sql`coalesce(${row.carrierName}, '')`,
	tracking_number: sql`coalesce(${row.trackingNumber}, '')`,
	shipped_at: sql`coalesce(${row.shippedAt}, '-infinity'::timestamptz)`,
	shipment_status: sql`coalesce(${row.shipmentStatus}, '')`,
	status_name: sql`coalesce(${row.statusName}, '')`,
	status_at: sql`coalesce(${row.statusAt}, '-infinity'::timestamptz)`,
	location: sql`coalesce(${row.location}, '')`,
	final_mile: sql`coalesce(${row.finalMile}::int, -1)`,
	conveyance_type: sql`coalesce(${row.conveyanceType}, '')`,
}

const inList = (values: string[]) =>
	sql.join(
		values.map((v) => sql`${v}`),
		sql`, `,
	)
const uuids = (values: string[]) =>
	sql.join(
		values.map((v) => sql`${v}::uuid`),
		sql`, `,
	)
/** Exact numbers, each also as typed in capitals (po-7781 finds PO-7781): still equalities on the index. */
const variants = (values: string[]) =>
	inList([...new Set(values.flatMap((v) => [v, v.toUpperCase()]))])

/** A place of a location tree, on the row's destination ('dest') or origin ('origin') columns. */
const PLACE_COLUMNS = {
	dest: { country: row.destCountry, state: row.destState, city: row.destCity },
	origin: { country: row.originCountry, state: row.originState, city: row.originCity },
}

function placeCondition(places: Place[], side: 'dest' | 'origin'): SQL {
	const col = (level: 'country' | 'state' | 'city') => PLACE_COLUMNS[side][level]
	const each = places.map((p) => {
		const parts: SQL[] = []
		if (p.country) parts.push(sql`${col('country')} = ${p.country}`)
		if (p.state) parts.push(sql`${col('state')} = ${p.state}`)
		if (p.city) parts.push(sql`${col('city')} = ${p.city}`)
		return sql`(${sql.join(parts.length ? parts : [sql`${col('country')} is not null`], sql` and `)})`
	})
	return sql.join(each, sql` or `)
}

/** The WHERE of a search over search_rows r: every condition scoped to the caller's organization. */
export function searchConditions(org: string, f: SearchFilters): SQL {
	const where: SQL[] = [sql`${row.organizationId} = ${org}`]
	if (f.orderNumber) {
		const ps = [...new Set([f.orderNumber, f.orderNumber.toUpperCase()])].map(
			(v) => sql`${row.shipSetName} like ${prefixPattern(v)}`,
		)
		where.push(sql`(${sql.join(ps, sql` or `)})`)
	}
	if (f.referenceNumbers)
		where.push(sql`${row.referenceNumber} in (${variants(f.referenceNumbers)})`)
	if (f.customerName) where.push(sql`${row.location} ilike ${containsPattern(f.customerName)}`)
	if (f.tagIds) {
		where.push(
			sql`exists (select 1 from ship_set_tags t where t.ship_set_id = ${row.shipSetId} and t.organization_id = ${org} and t.tag_id in (${uuids(f.tagIds)}))`,
		)
	}
	if (f.destinations) where.push(sql`(${placeCondition(f.destinations, 'dest')})`)
	if (f.customAttribute) {
		// 000 §2/§7: the newer form's custom order detail is any custom attribute type the list
		// offers (data_types only, no object_type), so an order's attribute or a shipment's.
		// An order attribute keeps every row of its order; a shipment attribute only its shipment's row.
		const { typeId, value } = f.customAttribute
		const attribute = sql`ca.organization_id = ${org} and ca.custom_attribute_type_id = ${typeId}::uuid
			and (ca.value = ${value} or (left(ca.value, 1) = '[' and ca.value like ${containsPattern(JSON.stringify(value))}))`
		// The orders that carry one, by the primary key (ship_set_id, row_key); then which of their rows.
		where.push(sql`${row.shipSetId} in (select ca.ship_set_id from custom_attributes ca where ${attribute} and ca.ship_set_id is not null
			union select sh.ship_set_id from custom_attributes ca join shipments sh on sh.id = ca.shipment_id where ${attribute})`)
		where.push(sql`(exists (select 1 from custom_attributes ca where ${attribute} and ca.ship_set_id = ${row.shipSetId})
			or exists (select 1 from custom_attributes ca where ${attribute} and ca.shipment_id = ${row.shipmentId}))`)
	}
	if (f.palletNumber) where.push(sql`${row.palletNumber} in (${variants([f.palletNumber])})`)
	if (f.cartonNumber) where.push(sql`${row.cartonNumber} in (${variants([f.cartonNumber])})`)
	if (f.trackingNumber) where.push(sql`${row.trackingNumber} in (${variants([f.trackingNumber])})`)
	if (f.carrierIds) where.push(sql`${row.carrierId} in (${uuids(f.carrierIds)})`)
	if (f.conveyanceTypeIds)
		where.push(sql`${row.conveyanceTypeId} in (${uuids(f.conveyanceTypeIds)})`)
	if (f.finalMile !== undefined) where.push(sql`${row.finalMile} = ${f.finalMile}`)
	if (f.origins) where.push(sql`(${placeCondition(f.origins, 'origin')})`)
	// The shipment date range is in the shipment's own days, as the table shows them (shipped_day, see the migration).
	if (f.shippedFrom) where.push(sql`${row.shippedDay} >= ${f.shippedFrom}::date`)
	if (f.shippedTo) where.push(sql`${row.shippedDay} <= ${f.shippedTo}::date`)
	// A shipment filter drops an order's row without shipments by itself: each reads a shipment
	// column, null on that row (so the counts stay index-only: no shipment_id test on the heap).
	return sql.join(where, sql` and `)
}

interface RawRow extends Record<string, unknown> {
	ship_set_id: string
	shipment_id: string | null
	ship_set_name: string
	reference_number: string | null
	carrier_name: string | null
	tracking_number: string | null
	shipped_at: string | Date | null
	shipped_at_tz: string | null
	shipment_status: string | null
	status_name: string | null
	status_at: string | Date | null
	timezone: string | null
	location: string | null
	final_mile: boolean | null
	conveyance_type: string | null
}

const iso = (v: string | Date | null): string | null =>
	v === null ? null : new Date(v).toISOString()

function toRow(r: RawRow): SearchRow {
	return {
		id: r.shipment_id ?? r.ship_set_id,
		ship_set_id: r.ship_set_id,
		shipment_id: r.shipment_id,
		ship_set_name: r.ship_set_name,
		reference_number: r.reference_number,
		carrier_name: r.carrier_name,
		tracking_number: r.tracking_number,
		shipped_at: iso(r.shipped_at),
		shipped_at_tz: r.shipped_at_tz,
		shipment_status: r.shipment_status,
		status_name: r.status_name,
		status_at: iso(r.status_at),
		timezone: r.timezone,
		location: r.location,
		final_mile: r.final_mile === null ? null : r.final_mile ? 't' : 'f',
		conveyance_type: r.conveyance_type,
	}
}

/** The columns of a result row (RawRow), in the order the table shows them. */
export const ROW_COLUMNS = [
	row.shipSetId,
	row.shipmentId,
	row.shipSetName,
	row.referenceNumber,
	row.carrierName,
	row.trackingNumber,
	row.shippedAt,
	row.shippedAtTz,
	row.shipmentStatus,
	row.statusName,
	row.statusAt,
	row.timezone,
	row.location,
	row.finalMile,
	row.conveyanceType,
]
const rowColumns = sql.join(ROW_COLUMNS, sql`, `)

async function selectRows(
	db: Database,
	org: string,
	f: SearchFilters,
	sort: SearchSort,
	w: { limit: number; offset: number },
	walk = false,
) {
	const expr = SORTS[sort.column]
	const dir = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc')
	// Ties by order, then row (the nil uuid for an order without shipments): the default sort is the index's order.
	const query = sql`select ${rowColumns} from ${FROM_ROWS}
		where ${searchConditions(org, f)}
		order by ${expr} ${dir}, ${row.shipSetId} ${dir}, ${row.rowKey} ${dir}
		limit ${w.limit} ${w.offset ? sql`offset ${w.offset}` : sql``}`
	if (!walk) return (await db.execute<RawRow>(query)).rows
	// The plan without a sort: the default sort's index walked, each row tested, stopped after the page.
	return db.transaction(async (tx) => {
		await tx.execute(sql`set local enable_sort = off`)
		return (await tx.execute<RawRow>(query)).rows
	})
}

/**
 * Whether a page of a location-name containment is cheaper by walking the default sort's
 * index than by fetching every match: the walk reads about (offset + page) × rows / matches
 * rows, fetching reads every match and sorts them. The planner cannot tell (its estimate of a
 * containment from trigrams is off by orders of magnitude: 53 rows for 1,624 at 20,000
 * orders), but the exact count from the shapes can.
 */
async function walkPays(
	db: Database,
	org: string,
	f: SearchFilters,
	sort: SearchSort,
	matches: number,
	through: number,
) {
	if (sort.column !== 'order_number' || !shapeCountedBy(f)) return false
	const all = await countRows(db, org, {}, false)
	return through * all.rows <= matches * matches
}

/**
 * The searches whose exact count search_counts holds (the broad ones: everything, carriers,
 * conveyance types, destination countries alone): its dimension and keys, else null.
 */
export function countedBy(f: SearchFilters): { dim: string; keys: string[] } | null {
	const keys = Object.keys(f) as (keyof SearchFilters)[]
	if (keys.length === 0) return { dim: 'all', keys: [''] }
	if (keys.length !== 1) return null
	if (f.carrierIds)
		return { dim: 'carrier', keys: [...new Set(f.carrierIds.map((k) => k.toLowerCase()))] }
	if (f.conveyanceTypeIds)
		return {
			dim: 'conveyance_type',
			keys: [...new Set(f.conveyanceTypeIds.map((k) => k.toLowerCase()))],
		}
	if (f.destinations && f.destinations.every((p) => p.country && !p.state && !p.city))
		return { dim: 'dest_country', keys: [...new Set(f.destinations.map((p) => p.country))] }
	return null
}

/** The shape's mark for a run of digits (search_location_shape, server/search/search.sql). */
const SHAPE_MARK = String.fromCharCode(1)

/**
 * The location-name containments whose exact count search_location_counts holds (migration
 * 0021, ADR 0021): the name contains a text without ASCII digits (and without \x01, the
 * shape's mark for a run of digits), alone or with one filter countedBy counts: its dimension,
 * keys and the ILIKE pattern, else null. A text with digits matches names, not shapes: it is
 * counted on the rows (the trigram index makes a number of three digits or more selective).
 */
export function shapeCountedBy(
	f: SearchFilters,
): { dim: string; keys: string[]; pattern: string } | null {
	if (
		f.customerName === undefined ||
		/[0-9]/.test(f.customerName) ||
		f.customerName.includes(SHAPE_MARK)
	)
		return null
	const { customerName, ...rest } = f
	const counted = countedBy(rest)
	return counted && { ...counted, pattern: containsPattern(customerName) }
}

/**
 * The shipment date ranges whose exact count search_day_counts holds (migration 0023, ADR
 * 0021): a range (either bound or both), alone or with one filter countedBy counts: its
 * dimension, keys and bounds, else null. The count is the sum of the range's days.
 */
export function dayCountedBy(
	f: SearchFilters,
): { dim: string; keys: string[]; from?: string; to?: string } | null {
	// Bounds as searchConditions reads them (a blank bound is no bound).
	if (!f.shippedFrom && !f.shippedTo) return null
	const { shippedFrom, shippedTo, ...rest } = f
	const counted = countedBy(rest)
	return (
		counted && {
			...counted,
			...(shippedFrom ? { from: shippedFrom } : {}),
			...(shippedTo ? { to: shippedTo } : {}),
		}
	)
}

/**
 * How many rows match, and (only when asked: it reads the order of every row) how many
 * orders. The broad searches read their count from search_counts (a few rows), a location
 * name's containment from search_location_counts (a row per name shape), a shipment date
 * range from search_day_counts (a row per day); the others count on the narrow index their
 * filter uses (index-only scans, ADR 0021).
 */
export async function countRows(db: Database, org: string, f: SearchFilters, withOrders = true) {
	const counted = withOrders ? null : countedBy(f)
	if (counted) {
		const result = await db.execute<{
			rows: number | string | null
		}>(sql`select sum(rows) as rows from search_counts
			where organization_id = ${org} and dim = ${counted.dim} and key in (${inList(counted.keys)})`)
		return { rows: Number(result.rows[0]?.rows ?? 0), orders: 0 }
	}
	const shaped = withOrders ? null : shapeCountedBy(f)
	if (shaped) {
		const result = await db.execute<{
			rows: number | string | null
		}>(sql`select sum(rows) as rows from search_location_counts
			where organization_id = ${org} and dim = ${shaped.dim} and key in (${inList(shaped.keys)}) and shape ilike ${shaped.pattern}`)
		return { rows: Number(result.rows[0]?.rows ?? 0), orders: 0 }
	}
	const days = withOrders ? null : dayCountedBy(f)
	if (days) {
		const result = await db.execute<{
			rows: number | string | null
		}>(sql`select sum(rows) as rows from search_day_counts
			where organization_id = ${org} and dim = ${days.dim} and key in (${inList(days.keys)})
			${days.from ? sql`and day >= ${days.from}::date` : sql``} ${days.to ? sql`and day <= ${days.to}::date` : sql``}`)
		return { rows: Number(result.rows[0]?.rows ?? 0), orders: 0 }
	}
	const result = await db.execute<{ rows: number | string; orders: number | string | null }>(sql`
		select count(*) as rows, ${withOrders ? sql`count(distinct ${row.shipSetId})` : sql`null`} as orders
		from ${FROM_ROWS} where ${searchConditions(org, f)}`)
	const r = result.rows[0]
	return { rows: Number(r?.rows ?? 0), orders: Number(r?.orders ?? 0) }
}

export interface PageParams {
	page: number
	perPage: number
}

/**
 * One page of results and the total count of rows; with `withOrders` also the count of
 * orders (the quick search's ship_set_count), which reads the order of every row.
 */
export async function searchPage(
	db: Database,
	org: string,
	f: SearchFilters,
	sort: SearchSort,
	p: PageParams,
	withOrders = false,
	/** The count when the caller has it already (the quick search's match). */
	counted?: { rows: number; orders: number },
) {
	const total = counted ?? (await countRows(db, org, f, withOrders))
	if (total.rows === 0) return { rows: [] as SearchRow[], count: 0, orders: 0 }
	const offset = (p.page - 1) * p.perPage
	const walk = await walkPays(db, org, f, sort, total.rows, offset + p.perPage)
	const raw = await selectRows(db, org, f, sort, { limit: p.perPage, offset }, walk)
	return { rows: raw.map(toRow), count: total.rows, orders: total.orders }
}

/** The key of a row in the export's order: order number (unique in an organization), order, row. */
export type RowKey = readonly [name: string, shipSetId: string, rowKey: string]

/** The export's order (the default sort's index), ascending or descending. */
export function inExportOrder(direction: SearchSort['direction']) {
	const dir = sql.raw(direction === 'desc' ? 'desc' : 'asc')
	return sql`order by ${row.shipSetName} ${dir}, ${row.shipSetId} ${dir}, ${row.rowKey} ${dir}`
}

/** The rows after `key` in the export's order (`cmp` is > ascending, < descending). */
export const keyAfter = (key: RowKey, cmp: SQL) =>
	sql`(${row.shipSetName}, ${row.shipSetId}, ${row.rowKey}) ${cmp} (${key[0]}, ${key[1]}::uuid, ${key[2]}::uuid)`

/**
 * Every match for the CSV export ("reading the database in batches … so memory
 * stays flat whatever the count"), in order number order, descending when the table is
 * sorted by order number descending: keyset batches of `rowsPerBatch` rows, each walking
 * the default sort's index (organization, name, order, row) on from the last row of the
 * one before, so no batch reads what an earlier one did and the export is linear in the
 * matches. Sorting the file by any other column would need every batch to sort the whole
 * match set again, so the file keeps the order number order.
 */
export async function* exportBatches(
	db: Database,
	org: string,
	f: SearchFilters,
	direction: SearchSort['direction'] = 'asc',
	rowsPerBatch = 2000,
) {
	for await (const raw of exportRawBatches<RawRow & { row_key: string }>(
		db,
		org,
		f,
		direction,
		rowsPerBatch,
		rowColumns,
	))
		yield raw.map(toRow)
}

async function* exportRawBatches<
	T extends { ship_set_name: string; ship_set_id: string; row_key: string },
>(
	db: Database,
	org: string,
	f: SearchFilters,
	direction: SearchSort['direction'],
	rowsPerBatch: number,
	columns: SQL,
) {
	const where = searchConditions(org, f)
	const cmp = sql.raw(direction === 'desc' ? '<' : '>')
	let after: RowKey | undefined
	for (;;) {
		const result = await db.execute<T>(sql`select ${columns}, ${row.rowKey} from ${FROM_ROWS}
			where ${where} ${after ? sql`and ${keyAfter(after, cmp)}` : sql``}
			${inExportOrder(direction)}
			limit ${rowsPerBatch}`)
		const raw = result.rows
		if (raw.length > 0) yield raw
		if (raw.length < rowsPerBatch) return
		const last = raw[raw.length - 1]!
		after = [last.ship_set_name, last.ship_set_id, last.row_key]
	}
}

/** The export's order for a table sorted by `sort` (see exportBatches). */
export const exportDirection = (sort: SearchSort): SearchSort['direction'] =>
	sort.column === 'order_number' ? sort.direction : 'asc'

/**
 * The quick search (000 §2: "the form is prefilled on order, reference or tracking
 * number, whichever matches"): the number is tried as an order number prefix, then as a
 * reference number, then as a tracking number; the first that matches anything becomes
 * the one filter of an ordinary search. With `count`, each try counts its matches (rows and
 * orders) instead of probing for one, so the match comes with the count its page needs (one
 * statement fewer per quick search; a try that matches nothing costs what its probe did).
 */
export async function quickMatch(
	db: Database,
	org: string,
	q: string,
	{ count = false } = {},
): Promise<{
	field: QuickField
	filters: SearchFilters
	total: { rows: number; orders: number } | null
} | null> {
	const tries: [QuickField, SearchFilters][] = [
		['order_number', { orderNumber: q }],
		['reference_number', { referenceNumbers: [q] }],
		['tracking_number', { trackingNumber: q }],
	]
	for (const [field, filters] of tries) {
		if (count) {
			const total = await countRows(db, org, filters)
			if (total.rows > 0) return { field, filters, total }
			continue
		}
		const hit = await db.execute(
			sql`select 1 from ${FROM_ROWS} where ${searchConditions(org, filters)} limit 1`,
		)
		if (hit.rows.length > 0) return { field, filters, total: null }
	}
	return null
}
