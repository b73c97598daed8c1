import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client'
import { analyticsFreightMonths, carriers, NO_KEY } from '../db/schema'
import {
	LANE_SEPARATOR,
	type FreightCostQuery,
	type FreightCostReport,
	type FreightFigures,
} from './analytics.contract'

/**
 * The built-in freight-cost report (ADR 0016), one supply chain at a time. It reads the
 * monthly rollup analytics_freight_months (server/analytics/freight-analytics.sql), never freight_costs itself: one query
 * with GROUPING SETS gives the totals and the four breakdowns, whatever the history's size.
 */

type Reader = Pick<Database, 'execute' | 'select' | 'selectDistinct'>
/** Months the report shows when none are asked for: the current UTC month and the 11 before it. */
export const DEFAULT_REPORT_MONTHS = 12

/** 'YYYY-MM' of a date (UTC), `offset` months later. */
export function monthOf(date: Date, offset = 0): string {
	const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1))
	return d.toISOString().slice(0, 7)
}

/** The months of [from, to], oldest first. */
export function monthsOf(from: string, to: string): string[] {
	const out: string[] = []
	const [y, m] = from.split('-').map(Number) as [number, number]
	for (let i = 0; ; i++) {
		const month = monthOf(new Date(Date.UTC(y, m - 1, 1)), i)
		if (month > to) return out
		out.push(month)
	}
}

export function splitLane(lane: string): { origin: string; destination: string } {
	const at = lane.indexOf(LANE_SEPARATOR)
	return { origin: lane.slice(0, at), destination: lane.slice(at + LANE_SEPARATOR.length) }
}

/** How a lane end with no city reads. */
export const UNKNOWN_PLACE = 'Unknown'
export const laneLabel = (origin: string, destination: string) =>
	`${origin || UNKNOWN_PLACE}${LANE_SEPARATOR}${destination || UNKNOWN_PLACE}`

interface Sums {
	amount: number
	shipments: number
	orders: number
	weight_kg: number
	weighed_amount: number
	delivered: number
	late: number
}

const EMPTY: Sums = {
	amount: 0,
	shipments: 0,
	orders: 0,
	weight_kg: 0,
	weighed_amount: 0,
	delivered: 0,
	late: 0,
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places

export function figures(raw: Sums): FreightFigures {
	// An empty range's grand total sums nothing: null, read as zero.
	const s = Object.fromEntries(
		Object.keys(EMPTY).map((k) => [k, Number(raw[k as keyof Sums] ?? 0)]),
	) as unknown as Sums
	return {
		amount: round(s.amount),
		shipments: s.shipments,
		orders: s.orders,
		per_order: s.orders > 0 ? round(s.amount / s.orders) : null,
		weight_kg: round(s.weight_kg, 1),
		per_kg: s.weight_kg > 0 ? round(s.weighed_amount / s.weight_kg, 4) : null,
		delivered: s.delivered,
		late: s.late,
		on_time_rate: s.delivered > 0 ? round((s.delivered - s.late) / s.delivered, 4) : null,
	}
}

export async function freightCostReport(
	db: Reader,
	organizationId: string,
	query: FreightCostQuery,
	now = new Date(),
): Promise<FreightCostReport> {
	const to = query.to ?? (query.from && query.from > monthOf(now) ? query.from : monthOf(now))
	const from = query.from ?? monthOf(new Date(`${to}-01T00:00:00Z`), -(DEFAULT_REPORT_MONTHS - 1))
	const carrier = query.carrier || null
	const lane = query.lane || null
	const m = analyticsFreightMonths
	const inMonths = [
		eq(m.organizationId, organizationId),
		sql`${m.month} >= ${`${from}-01`}::date`,
		sql`${m.month} <= ${`${to}-01`}::date`,
	]
	const filters: SQL[] = [...inMonths]
	if (carrier) filters.push(eq(m.carrierId, carrier))
	if (lane) {
		const { origin, destination } = splitLane(lane)
		filters.push(eq(m.origin, origin === UNKNOWN_PLACE ? '' : origin))
		filters.push(eq(m.destination, destination === UNKNOWN_PLACE ? '' : destination))
	}
	const where = sql.join(filters, sql` and `)
	type Row = Sums & {
		g_month: number
		g_carrier: number
		g_lane: number
		g_conveyance: number
		month: string | null
		carrier_id: string | null
		carrier: string | null
		origin: string | null
		destination: string | null
		conveyance: string | null
	}
	const [grouped, carrierChoices, laneChoices] = await Promise.all([
		db.execute<Row & Record<string, unknown>>(sql`
			select to_char(${m.month}, 'YYYY-MM') as month, ${m.carrierId}::text as carrier_id, max(${carriers.name}) as carrier,
				${m.origin} as origin, ${m.destination} as destination, ${m.conveyance} as conveyance,
				grouping(${m.month})::int as g_month, grouping(${m.carrierId})::int as g_carrier,
				grouping(${m.origin}, ${m.destination})::int as g_lane, grouping(${m.conveyance})::int as g_conveyance,
				sum(${m.amount})::float8 as amount, sum(${m.lines})::int as shipments, sum(${m.orders})::int as orders,
				sum(${m.weightKg})::float8 as weight_kg, sum(${m.weighedAmount})::float8 as weighed_amount,
				sum(${m.delivered})::int as delivered, sum(${m.late})::int as late
			from ${m} left join ${carriers} on ${carriers.id} = ${m.carrierId}
			where ${where}
			group by grouping sets ((${m.month}), (${m.carrierId}), (${m.origin}, ${m.destination}), (${m.conveyance}), ())`),
		db
			.select({ id: carriers.id, name: carriers.name })
			.from(carriers)
			.where(eq(carriers.organizationId, organizationId))
			.orderBy(asc(carriers.name), asc(carriers.id)),
		db
			.selectDistinct({ origin: m.origin, destination: m.destination })
			.from(m)
			.where(and(...inMonths))
			.orderBy(asc(m.origin), asc(m.destination)),
	])
	const rows = grouped.rows as Row[]
	const byAmount = <T extends { amount: number }>(a: T, b: T) => b.amount - a.amount
	const total = rows.find((r) => r.g_month && r.g_carrier && r.g_lane && r.g_conveyance)
	const months = new Map(rows.filter((r) => !r.g_month).map((r) => [r.month!, r]))
	return {
		from,
		to,
		carrier,
		lane,
		currency: 'USD',
		totals: figures(total ?? EMPTY),
		by_month: monthsOf(from, to).map((month) => ({
			month,
			...figures(months.get(month) ?? EMPTY),
		})),
		by_carrier: rows
			.filter((r) => !r.g_carrier)
			.map((r) => ({
				carrier_id: r.carrier_id === NO_KEY ? null : r.carrier_id,
				carrier: r.carrier ?? 'No carrier',
				...figures(r),
			}))
			.sort(byAmount),
		by_lane: rows
			.filter((r) => !r.g_lane)
			.map((r) => ({
				lane: laneLabel(r.origin ?? '', r.destination ?? ''),
				origin: r.origin || UNKNOWN_PLACE,
				destination: r.destination || UNKNOWN_PLACE,
				...figures(r),
			}))
			.sort(byAmount),
		by_conveyance: rows
			.filter((r) => !r.g_conveyance)
			.map((r) => ({ conveyance: conveyanceLabel(r.conveyance ?? ''), ...figures(r) }))
			.sort(byAmount),
		carriers: carrierChoices.map((r) => ({ id: r.id, name: r.name })),
		lanes: laneChoices.map((r) => laneLabel(r.origin, r.destination)),
	}
}

/** freight_costs.mode as the conveyance types read (reference data: Ground, Air, Ocean). */
export function conveyanceLabel(mode: string): string {
	return mode ? mode[0]!.toUpperCase() + mode.slice(1) : 'Unknown'
}
