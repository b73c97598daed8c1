import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { HistoricalSummary, SensorCode } from './historical.contract'
import { trackingGroupPath } from './ongoing.contract'

/**
 * Historical Breaches (001 §2, §3 "Historical summary", §4 "Historical search", §7): the closed
 * breached orders (ongoing = false) of one supply chain, newest last event first. Filters:
 * - date range: a breach is in it when its first..last event overlaps [from, to];
 * - sensors: one of the breach's breached sensor types is among them (none: all);
 * - order number: an affected order's number starts with the text, as typed or upper-cased.
 */

type Reader = Pick<Database, 'execute'>

export interface HistoricalFilters {
	from?: Date
	to?: Date
	sensors: SensorCode[]
	orderNumber?: string
	offset: number
	limit: number
}

async function rows<T>(db: Reader, query: SQL): Promise<T[]> {
	return (await db.execute<T & Record<string, unknown>>(query)).rows as T[]
}

const iso = (d: Date | string) => new Date(d).toISOString()

/** A LIKE pattern matching text that starts with `prefix` (its %, _ and \ taken literally). */
export const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The filters as a WHERE clause over breached_orders `bo`, always the caller's organization. */
function historicalWhere(organizationId: string, f: HistoricalFilters): SQL {
	const parts: SQL[] = [sql`bo.organization_id = ${organizationId}`, sql`bo.ongoing = false`]
	if (f.from) parts.push(sql`bo.last_event_at >= ${f.from.toISOString()}::timestamptz`)
	if (f.to) parts.push(sql`bo.first_event_at <= ${f.to.toISOString()}::timestamptz`)
	if (f.sensors.length) {
		parts.push(
			sql`exists (select 1 from measurement_exception_summaries m where m.breached_order_id = bo.id and m.organization_id = ${organizationId}
				and m.sensor_type_code in (${sql.join(
					f.sensors.map((s) => sql`${s}`),
					sql`, `,
				)}))`,
		)
	}
	if (f.orderNumber) {
		const typed = startsWith(f.orderNumber)
		const upper = startsWith(f.orderNumber.toUpperCase())
		parts.push(
			sql`exists (select 1 from breached_order_ship_sets bs join ship_sets ss on ss.id = bs.ship_set_id
				where bs.breached_order_id = bo.id and ss.organization_id = ${organizationId}
				and (ss.name like ${typed} or ss.name like ${upper}))`,
		)
	}
	return sql.join(parts, sql` and `)
}

interface BreachRow {
	id: string
	tracking_group_id: string
	shipment_name: string
	device_type_name: string | null
	item_type: string
	item_name: string
	measurable_id: string
	first_event_at: string | Date
	last_event_at: string | Date
	timezone: string
	breach_count: number
	total_duration_seconds: number
	node_id: string | null
	building_type: string | null
	node_ship_set_id: string | null
	node_ship_set_name: string | null
	custodian: string | null
}

export async function historicalBreaches(db: Reader, organizationId: string, f: HistoricalFilters) {
	const where = historicalWhere(organizationId, f)
	const [[counted], page] = await Promise.all([
		rows<{ n: number }>(db, sql`select count(*)::int as n from breached_orders bo where ${where}`),
		rows<BreachRow>(
			db,
			sql`select bo.id, bo.tracking_group_id, tg.name as shipment_name, tg.device_type_name, bo.item_type, bo.item_name,
					bo.measurable_id, bo.first_event_at, bo.last_event_at, bo.timezone, bo.breach_count, bo.total_duration_seconds,
					n.id as node_id, n.building_type, n.ship_set_id as node_ship_set_id, nss.name as node_ship_set_name, bo.custodian
				from breached_orders bo
				join tracking_groups tg on tg.id = bo.tracking_group_id and tg.organization_id = bo.organization_id
				left join nodes n on n.id = bo.node_id and n.organization_id = bo.organization_id
				left join ship_sets nss on nss.id = n.ship_set_id
				where ${where}
				order by bo.last_event_at desc, bo.id desc
				limit ${f.limit} offset ${f.offset}`,
		),
	])
	const total = counted?.n ?? 0
	const orders = await summaries(db, organizationId, page)
	return {
		orders,
		total_orders: total,
		total_pages: Math.ceil(total / f.limit),
		offset: f.offset,
		limit: f.limit,
	}
}

/** The sensors and affected orders of a page of breaches, as 001 §3's historical summaries. */
async function summaries(
	db: Reader,
	organizationId: string,
	page: BreachRow[],
): Promise<HistoricalSummary[]> {
	if (page.length === 0) return []
	const ids = sql.join(
		page.map((b) => sql`${b.id}::uuid`),
		sql`, `,
	)
	const [sensors, shipSets] = await Promise.all([
		rows<{
			breached_order_id: string
			code: string
			count: number
			min: number | null
			max: number | null
			durations: { value: number; type: string }[]
			uom: string
		}>(
			db,
			sql`select breached_order_id, sensor_type_code as code, count, min_threshold_value as min, max_threshold_value as max,
					durations, sensor_uom_code as uom
				from measurement_exception_summaries
				where organization_id = ${organizationId} and breached_order_id in (${ids})
				order by sensor_type_code`,
		),
		rows<{ breached_order_id: string; id: string; name: string }>(
			db,
			sql`select bs.breached_order_id, ss.id, ss.name from breached_order_ship_sets bs
				join ship_sets ss on ss.id = bs.ship_set_id and ss.organization_id = ${organizationId}
				where bs.organization_id = ${organizationId} and bs.breached_order_id in (${ids})
				order by ss.name, ss.id`,
		),
	])
	return page.map((b) => ({
		breached_order_id: b.id,
		shipment_name: b.shipment_name,
		device_type_name: b.device_type_name,
		tracking_group_id: b.tracking_group_id,
		tracking_group_url: trackingGroupPath(b.tracking_group_id),
		first_event: { event_at: iso(b.first_event_at), timezone: b.timezone },
		last_event: { event_at: iso(b.last_event_at), timezone: b.timezone },
		breach_count: b.breach_count,
		total_duration: b.total_duration_seconds,
		sensors: Object.fromEntries(
			sensors
				.filter((s) => s.breached_order_id === b.id)
				.map((s) => [
					s.code,
					{
						count: s.count,
						thresholds: { min: s.min, max: s.max },
						durations: (s.durations ?? []).map((d) => ({
							value: Number(d.value),
							type: String(d.type),
						})),
						sensor_uom_code: s.uom,
					},
				]),
		),
		ship_sets: shipSets
			.filter((s) => s.breached_order_id === b.id)
			.map((s) => ({ id: s.id, name: s.name, timeline_url: `/timeline/${s.id}` })),
		item: { item_type: b.item_type, name: b.item_name, measurable_id: b.measurable_id },
		attribution: {
			node:
				b.node_id && b.building_type && b.node_ship_set_id
					? {
							id: b.node_id,
							building_type: b.building_type,
							ship_set_id: b.node_ship_set_id,
							ship_set_name: b.node_ship_set_name ?? '',
							timeline_url: `/timeline/${b.node_ship_set_id}?nodeId=${b.node_id}`,
						}
					: null,
			custodian: b.custodian,
		},
	}))
}
