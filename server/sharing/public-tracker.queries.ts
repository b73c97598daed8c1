import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { organizations } from '../db/schema'
import type { PublicSearchRow, ShipSetStatusCode } from './public-tracker.contract'

/**
 * The public tracker's search (000 §7 "GET /public_order_tracker/search"): ship sets of
 * one organization whose order number, reference number or one of whose shipments'
 * tracking numbers equals the query. Exact match; the query is also tried upper- and
 * lower-cased, so 'so-1001' finds 'SO-1001' while every comparison stays an equality
 * the (organization_id, …) indexes answer.
 */

export const PUBLIC_PAGE_SIZE = 10

export interface PublicSearchParams {
	query: string
	orderBy: 'order_number' | 'reference_number'
	order: 'asc' | 'desc'
	page: number
}

/** The organization a visitor named, or null. Slugs are lower case; what was typed is trimmed. */
export async function organizationIdBySlug(db: Database, slug: string): Promise<string | null> {
	const [org] = await db
		.select({ id: organizations.id })
		.from(organizations)
		.where(eq(organizations.slug, slug.trim().toLowerCase()))
		.limit(1)
	return org?.id ?? null
}

/** 'transit' and 'delivered' events are the carrier's (shown with the carrier); 'info' is other. */
export function lastStatusType(eventType: string | null): PublicSearchRow['last_status_type'] {
	if (!eventType) return null
	if (eventType === 'exception') return 'exception'
	if (eventType === 'transit' || eventType === 'delivered') return 'transit'
	return 'other'
}

const iso = (value: unknown): string | null =>
	value === null || value === undefined ? null : new Date(value as string | Date).toISOString()

const str = (value: unknown): string | null =>
	value === null || value === undefined ? null : String(value)

interface SearchRow extends Record<string, unknown> {
	ship_set_id: string
	order_number: string
	reference_number: string | null
	status: string
	city: string | null
	state: string | null
	country: string | null
	last_title: string | null
	last_at: string | Date | null
	last_type: string | null
	last_tz: string | null
	carrier: string | null
	tracking_number: string | null
}

export async function publicSearch(
	db: Database,
	organizationId: string,
	params: PublicSearchParams,
): Promise<{ total: number; rows: PublicSearchRow[] }> {
	const q = params.query.trim()
	const variants = [...new Set([q, q.toUpperCase(), q.toLowerCase()])]
	const values = sql.join(
		variants.map((v) => sql`${v}`),
		sql`, `,
	)
	// One row per ship set: the shipment that matched by tracking number, if any. The row's carrier
	// and tracking number are one shipment's: that one, else the last status's, else the final mile's.
	const matches = sql`
		with m as (
			select s.id as ship_set_id, null::uuid as shipment_id
			from ship_sets s
			where s.organization_id = ${organizationId}
				and (s.name in (${values}) or s.reference_number in (${values}))
			union
			select sh.ship_set_id, sh.id
			from shipments sh
			where sh.organization_id = ${organizationId} and sh.tracking_number in (${values})
		),
		one as (
			select distinct on (ship_set_id) ship_set_id, shipment_id
			from m
			order by ship_set_id, shipment_id nulls last
		)`

	const counted = await db.execute<{ total: number | string }>(
		sql`${matches} select count(*) as total from one`,
	)
	const total = Number(counted.rows[0]?.total ?? 0)
	if (total === 0) return { total, rows: [] }

	const direction = sql.raw(params.order === 'desc' ? 'desc' : 'asc')
	const sortKey =
		params.orderBy === 'reference_number'
			? sql`s.reference_number ${direction} nulls last, s.name ${direction}`
			: sql`s.name ${direction}`
	const offset = (params.page - 1) * PUBLIC_PAGE_SIZE
	const result = await db.execute<SearchRow>(sql`${matches}
		select s.id as ship_set_id, s.name as order_number, s.reference_number, s.status,
			l.city, l.state, l.country,
			e.title as last_title, e.event_at as last_at, e.event_type as last_type, e.timezone_name as last_tz,
			c.name as carrier, sh.tracking_number
		from one
		join ship_sets s on s.id = one.ship_set_id and s.organization_id = ${organizationId}
		left join locations l on l.id = s.location_id
		left join events e on e.id = s.last_event_id
		left join nodes en on en.id = e.node_id
		left join lateral (
			select x.id from shipments x
			where x.ship_set_id = s.id and x.tracking_number is not null
			order by x.final_mile desc, x.created_at asc, x.id
			limit 1
		) fm on true
		left join shipments sh
			on sh.id = coalesce(one.shipment_id, e.shipment_id, en.connectable_id, fm.id)
		left join carriers c on c.id = sh.carrier_id
		order by ${sortKey}, s.id
		limit ${PUBLIC_PAGE_SIZE} offset ${offset}`)

	const rows = result.rows.map((r): PublicSearchRow => ({
		ship_set_id: r.ship_set_id,
		order_number: r.order_number,
		reference_number: str(r.reference_number),
		city: str(r.city),
		state: str(r.state),
		country: str(r.country),
		order_status: r.status as ShipSetStatusCode,
		last_status: str(r.last_title),
		last_status_at: iso(r.last_at),
		last_status_type: lastStatusType(r.last_type),
		last_status_timezone: str(r.last_tz),
		carrier: str(r.carrier),
		tracking_number: str(r.tracking_number),
	}))
	return { total, rows }
}
