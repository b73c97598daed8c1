import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { QuickField, SearchRow, SortColumn } from '../../contracts/search'
import { RAILS_ZONES } from '../../contracts/time-zones'
import {
	containsPattern,
	hasShipmentFilter,
	prefixPattern,
	type Place,
	type SearchFilters,
	type SearchSort,
} from './search-filters'

/**
 * The signed-in search (000 §2 "Advanced Search", §7). One row per order × shipment; an
 * order without shipments appears once unless a shipment filter is given. Every
 * condition is scoped to the caller's organization and written so that the indexes
 * answer it: the order number prefix is a LIKE 'x%' on (organization_id, name
 * text_pattern_ops); reference, pallet, carton and tracking numbers are equalities on
 * their (organization_id, …) indexes; the final shipping location name is an ILIKE
 * '%x%' the trigram GIN index answers; lists are IN (…) lists.
 */

const ZERO_UUID = '00000000-0000-0000-0000-000000000000'

/** The sort expression of each column: nulls as the lowest value, so every direction is total. */
const SORTS: Record<SortColumn, SQL> = {
	order_number: sql`s.name`,
	reference_number: sql`coalesce(s.reference_number, '')`,
	carrier_name: sql`coalesce(c.name, '')`,
	tracking_number: sql`coalesce(sh.tracking_number, '')`,
	shipped_at: sql`coalesce(sh.shipped_at, '-infinity'::timestamptz)`,
	shipment_status: sql`coalesce(sh.status, '')`,
	status_name: sql`coalesce(e.title, '')`,
	status_at: sql`coalesce(e.event_at, '-infinity'::timestamptz)`,
	location: sql`coalesce(l.name, '')`,
	final_mile: sql`coalesce(sh.final_mile::int, -1)`,
	conveyance_type: sql`coalesce(ct.name, '')`,
}

const shipmentKey = sql.raw(`coalesce(sh.id, '${ZERO_UUID}'::uuid)`)

const inList = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `)
const uuids = (values: string[]) => sql.join(values.map((v) => sql`${v}::uuid`), sql`, `)
/** Exact numbers, each also as typed in capitals (po-7781 finds PO-7781): still equalities on the index. */
const variants = (values: string[]) => inList([...new Set(values.flatMap((v) => [v, v.toUpperCase()]))])

function placeCondition(places: Place[]): SQL {
	const each = places.map((p) => {
		const parts: SQL[] = []
		if (p.country) parts.push(sql`country = ${p.country}`)
		if (p.state) parts.push(sql`state = ${p.state}`)
		if (p.city) parts.push(sql`city = ${p.city}`)
		return sql`(${sql.join(parts.length ? parts : [sql`true`], sql` and `)})`
	})
	return sql.join(each, sql` or `)
}

/** The instant `hours` after midnight UTC starting `day` (YYYY-MM-DD). */
function dayPlus(day: string, hours: number): string {
	return new Date(Date.parse(`${day}T00:00:00Z`) + hours * 3_600_000).toISOString()
}

/**
 * The shipment's zone as the table reads it (app/lib/time-zones.ts ianaZone): a Rails name
 * converted, an IANA name as it is, anything else (or none) UTC. Only names from these two
 * lists reach AT TIME ZONE, so a bad zone in the data cannot fail the search.
 */
const IANA_ZONES = `{${['UTC', ...Intl.supportedValuesOf('timeZone')].map((z) => `"${z}"`).join(',')}}`
const shipmentZone = sql`coalesce(
	case sh.shipped_at_tz ${sql.join(Object.entries(RAILS_ZONES).map(([rails, iana]) => sql`when ${rails} then ${iana}`), sql` `)} end,
	case when sh.shipped_at_tz = any(${IANA_ZONES}::text[]) then sh.shipped_at_tz end,
	'UTC')`
/** The day the table shows as the shipment date ("a local short date", 000 §2). */
const shipmentDay = sql`(sh.shipped_at at time zone ${shipmentZone})::date`

interface Conditions {
	/** The shipment join's conditions (s and sh). */
	join: SQL
	/** Conditions on the order alone (s). */
	orders: SQL
	/** Conditions on a row once the shipments are joined (s and sh), or null. */
	rows: SQL | null
	/** Both: the WHERE of a query over the joined rows. */
	where: SQL
}

function conditions(org: string, f: SearchFilters): Conditions {
	const join: SQL[] = [sql`sh.ship_set_id = s.id`, sql`sh.organization_id = ${org}`]
	const where: SQL[] = [sql`s.organization_id = ${org}`]
	const rows: SQL[] = []

	if (f.orderNumber) {
		const ps = [...new Set([f.orderNumber, f.orderNumber.toUpperCase()])].map((v) => sql`s.name like ${prefixPattern(v)}`)
		where.push(sql`(${sql.join(ps, sql` or `)})`)
	}
	if (f.referenceNumbers) where.push(sql`s.reference_number in (${variants(f.referenceNumbers)})`)
	if (f.customerName) {
		where.push(sql`s.location_id in (select id from locations where organization_id = ${org} and name ilike ${containsPattern(f.customerName)})`)
	}
	if (f.tagIds) {
		where.push(sql`exists (select 1 from ship_set_tags t where t.ship_set_id = s.id and t.organization_id = ${org} and t.tag_id in (${uuids(f.tagIds)}))`)
	}
	if (f.destinations) {
		where.push(sql`s.location_id in (select id from locations where organization_id = ${org} and (${placeCondition(f.destinations)}))`)
	}
	if (f.customAttribute) {
		// 000 §2/§7: the newer form's custom order detail is any custom attribute type the list
		// offers (data_types only, no object_type), so an order's attribute or a shipment's.
		// An order attribute keeps every row of its order; a shipment attribute only its shipment's row.
		const { typeId, value } = f.customAttribute
		const matches = (owner: SQL) => sql`exists (select 1 from custom_attributes ca
			where ca.organization_id = ${org} and ca.custom_attribute_type_id = ${typeId}::uuid and ${owner}
				and (ca.value = ${value} or (left(ca.value, 1) = '[' and ca.value like ${containsPattern(JSON.stringify(value))})))`
		rows.push(sql`(${matches(sql`ca.ship_set_id = s.id`)} or ${matches(sql`ca.shipment_id = sh.id`)})`)
	}

	if (f.palletNumber) join.push(sql`sh.pallet_number in (${variants([f.palletNumber])})`)
	if (f.cartonNumber) join.push(sql`sh.carton_number in (${variants([f.cartonNumber])})`)
	if (f.trackingNumber) join.push(sql`sh.tracking_number in (${variants([f.trackingNumber])})`)
	if (f.carrierIds) join.push(sql`sh.carrier_id in (${uuids(f.carrierIds)})`)
	if (f.conveyanceTypeIds) {
		join.push(sql`sh.carrier_id in (select id from carriers where organization_id = ${org} and conveyance_type_id in (${uuids(f.conveyanceTypeIds)}))`)
	}
	if (f.finalMile !== undefined) join.push(sql`sh.final_mile = ${f.finalMile}`)
	if (f.origins) {
		join.push(sql`sh.shipper_location_id in (select id from locations where organization_id = ${org} and (${placeCondition(f.origins)}))`)
	}
	// The shipment date range is in the shipment's own days, as the table shows them. The UTC
	// bounds (a local day spans UTC -14 h … +36 h of its date) keep the (organization, shipped_at) index.
	if (f.shippedFrom) join.push(sql`sh.shipped_at >= ${dayPlus(f.shippedFrom, -14)}::timestamptz and ${shipmentDay} >= ${f.shippedFrom}::date`)
	if (f.shippedTo) join.push(sql`sh.shipped_at < ${dayPlus(f.shippedTo, 36)}::timestamptz and ${shipmentDay} <= ${f.shippedTo}::date`)

	if (hasShipmentFilter(f)) rows.push(sql`sh.id is not null`)
	const and = (list: SQL[]) => sql.join(list, sql` and `)
	return { join: and(join), orders: and(where), rows: rows.length ? and(rows) : null, where: and([...where, ...rows]) }
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

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString())

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

/** The result row's columns over `s` (an order), `sh` (a shipment or nulls) and their lookups. */
function rowSelect(from: SQL, c: Conditions): SQL {
	return sql`
		select s.id as ship_set_id, sh.id as shipment_id, s.name as ship_set_name, s.reference_number,
			c.name as carrier_name, sh.tracking_number, sh.shipped_at, sh.shipped_at_tz, sh.status as shipment_status,
			e.title as status_name, e.event_at as status_at, e.timezone_name as timezone, l.name as location,
			sh.final_mile, ct.name as conveyance_type
		from ${from}
		left join shipments sh on ${c.join}
		left join carriers c on c.id = sh.carrier_id
		left join conveyance_types ct on ct.id = c.conveyance_type_id
		left join events e on e.id = s.last_event_id
		left join locations l on l.id = s.location_id`
}

async function selectRows(db: Database, org: string, f: SearchFilters, sort: SearchSort, w: { limit: number; offset: number }) {
	const c = conditions(org, f)
	const expr = SORTS[sort.column]
	const dir = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc')
	const result = await db.execute<RawRow>(sql`${rowSelect(sql`ship_sets s`, c)}
		where ${c.where}
		order by ${expr} ${dir}, s.id ${dir}, ${shipmentKey} ${dir}
		limit ${w.limit} ${w.offset ? sql`offset ${w.offset}` : sql``}`)
	return result.rows
}

export async function countRows(db: Database, org: string, f: SearchFilters) {
	const { join, where } = conditions(org, f)
	const result = await db.execute<{ rows: number | string; orders: number | string }>(sql`
		select count(*) as rows, count(distinct s.id) as orders
		from ship_sets s left join shipments sh on ${join}
		where ${where}`)
	const r = result.rows[0]
	return { rows: Number(r?.rows ?? 0), orders: Number(r?.orders ?? 0) }
}

export interface PageParams {
	page: number
	perPage: number
}

/** One page of results and the total count. */
export async function searchPage(db: Database, org: string, f: SearchFilters, sort: SearchSort, p: PageParams) {
	const total = await countRows(db, org, f)
	if (total.rows === 0) return { rows: [] as SearchRow[], count: 0, orders: 0 }
	const raw = await selectRows(db, org, f, sort, { limit: p.perPage, offset: (p.page - 1) * p.perPage })
	return { rows: raw.map(toRow), count: total.rows, orders: total.orders }
}

/**
 * Every match for the CSV export (issue 5: "reading the database in batches … so memory
 * stays flat whatever the count"), in batches of whole orders by order number: the inner
 * query walks ship_sets_org_name_unique (organization, name; a name is unique within an
 * organization) from the last batch's name for the next `ordersPerBatch` matching orders,
 * the outer one joins their shipments and sorts those few rows. No batch reads or sorts
 * what an earlier one did, so the export is linear in the matches. Sorting the file by
 * any other column would need every batch to read and sort the whole match set again
 * (21 s for 100k rows, quadratic), so the file is in order number order, descending when
 * the table is sorted by order number descending.
 */
export async function* exportBatches(db: Database, org: string, f: SearchFilters, direction: SearchSort['direction'] = 'asc', ordersPerBatch = 500) {
	const c = conditions(org, f)
	const dir = sql.raw(direction === 'desc' ? 'desc' : 'asc')
	const cmp = sql.raw(direction === 'desc' ? '<' : '>')
	// An order is in the batch only if it has at least one row (the same join and row conditions).
	const hasRow = c.rows ? sql`and exists (select 1 from (values (1)) as one (x) left join shipments sh on ${c.join} where ${c.rows})` : sql``
	let after: string | undefined
	for (;;) {
		const next = sql`(select s.* from ship_sets s
			where ${c.orders} ${after === undefined ? sql`` : sql`and s.name ${cmp} ${after}`} ${hasRow}
			order by s.name ${dir} limit ${ordersPerBatch}) s`
		const result = await db.execute<RawRow>(sql`${rowSelect(next, c)}
			${c.rows ? sql`where ${c.rows}` : sql``}
			order by s.name ${dir}, ${shipmentKey} ${dir}`)
		const raw = result.rows
		if (raw.length > 0) yield raw.map(toRow)
		if (new Set(raw.map((r) => r.ship_set_id)).size < ordersPerBatch) return
		after = raw[raw.length - 1]!.ship_set_name
	}
}

/** The export's order for a table sorted by `sort` (see exportBatches). */
export const exportDirection = (sort: SearchSort): SearchSort['direction'] => (sort.column === 'order_number' ? sort.direction : 'asc')

/**
 * The quick search (000 §2: "the form is prefilled on order, reference or tracking
 * number, whichever matches"): the number is tried as an order number prefix, then as a
 * reference number, then as a tracking number; the first that matches anything becomes
 * the one filter of an ordinary search.
 */
export async function quickMatch(db: Database, org: string, q: string): Promise<{ field: QuickField; filters: SearchFilters } | null> {
	const tries: [QuickField, SearchFilters][] = [
		['order_number', { orderNumber: q }],
		['reference_number', { referenceNumbers: [q] }],
		['tracking_number', { trackingNumber: q }],
	]
	for (const [field, filters] of tries) {
		const { join, where } = conditions(org, filters)
		const hit = await db.execute(sql`select 1 from ship_sets s left join shipments sh on ${join} where ${where} limit 1`)
		if (hit.rows.length > 0) return { field, filters }
	}
	return null
}
