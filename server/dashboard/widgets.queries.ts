import {
	and,
	asc,
	count,
	countDistinct,
	desc,
	eq,
	gt,
	gte,
	inArray,
	isNotNull,
	sql,
	type Column,
	type SQL,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from '@hono/zod-openapi'
import type { Database } from '../db/client'
import {
	carriers,
	conveyanceTypes,
	dashboardCarrierDays,
	dashboardIssueDays,
	dashboardOrderDays,
	events,
	follows,
	NO_KEY,
	recentlyViewed,
	shipSets,
	statusTypes,
	substatusTypes,
} from '../db/schema'
import type {
	AverageTimeResponse,
	CarrierAverageDaysResponse,
	CarrierLateOnTimeResponse,
	CarrierTrend,
	DURATIONS,
	IssuesLogEntry,
	LateVsOnTimeResponse,
	OrderRow,
} from './widgets.contract'
import { WITHOUT_UPDATES_COUNT_CAP } from './widgets.contract'

/**
 * The dashboard's widgets (001 §2, §7), one supply chain at a time. The aggregates read the
 * daily rollups (server/db/schema/dashboard.ts) that triggers keep in step with ship_sets and
 * shipments; lists read ship_sets through their indexes. Days, months, quarters and years are
 * UTC. 'Any' filters arrive as undefined.
 */

type Reader = Pick<Database, 'select' | 'selectDistinct' | 'execute'>
type Duration = (typeof DURATIONS)[number]

/** Exception status type: its substatus types are the Issues Log's issue types (001 §7 /status_types/3/…). */
export const EXCEPTION_STATUS_CODE = 3
const TODAY = sql`(now() at time zone 'UTC')::date`
const THIS_MONTH = sql`date_trunc('month', now() at time zone 'UTC')::date`

async function rows<T>(db: Reader, query: SQL): Promise<T[]> {
	return (await db.execute<T & Record<string, unknown>>(query)).rows as T[]
}

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString())

/** 001 §3 "Order row": the orders of `ids`, in that order (ids of another supply chain are dropped). */
export async function orderRows(
	db: Reader,
	organizationId: string,
	ids: string[],
): Promise<OrderRow[]> {
	if (ids.length === 0) return []
	const found = await db
		.select({
			id: shipSets.id,
			name: shipSets.name,
			reference: shipSets.referenceNumber,
			status: shipSets.status,
			event: events.title,
			at: events.eventAt,
			zone: events.timezoneName,
			type: events.eventType,
		})
		.from(shipSets)
		.leftJoin(events, eq(events.id, shipSets.lastEventId))
		.where(and(eq(shipSets.organizationId, organizationId), inArray(shipSets.id, ids)))
	const byId = new Map(found.map((r) => [r.id, r]))
	return ids.flatMap((id) => {
		const r = byId.get(id)
		if (!r) return []
		return [
			{
				ship_set_id: r.id,
				ship_set_name: r.name,
				ship_set_reference_number: r.reference,
				ship_set_status: r.status,
				last_event: r.event,
				last_event_at: iso(r.at),
				last_event_at_time_zone: r.zone,
				last_event_type: r.type,
			},
		]
	})
}

/** GET /orders/following: the caller's follows, newest first, and their number. */
export async function followedOrders(
	db: Reader,
	organizationId: string,
	userId: string,
	offset: number,
	limit: number,
) {
	const mine = and(eq(follows.userId, userId), eq(follows.organizationId, organizationId))
	const [page, [total]] = await Promise.all([
		db
			.select({ id: follows.shipSetId })
			.from(follows)
			.where(mine)
			.orderBy(desc(follows.createdAt), desc(follows.id))
			.offset(offset)
			.limit(limit),
		db.select({ n: count() }).from(follows).where(mine),
	])
	return {
		total: total?.n ?? 0,
		orders: await orderRows(
			db,
			organizationId,
			page.map((r) => r.id),
		),
	}
}

/** GET /orders/recently-viewed: an object keyed by position ('0' most recent), as 001 §3 describes it. */
export async function viewedOrders(
	db: Reader,
	organizationId: string,
	userId: string,
	limit: number,
) {
	const page = await db
		.select({ id: recentlyViewed.shipSetId })
		.from(recentlyViewed)
		.where(
			and(eq(recentlyViewed.userId, userId), eq(recentlyViewed.organizationId, organizationId)),
		)
		.orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.id))
		.limit(limit)
	const orders = await orderRows(
		db,
		organizationId,
		page.map((r) => r.id),
	)
	return Object.fromEntries(orders.map((o, i) => [String(i), o]))
}

export interface WithoutUpdatesFilter {
	before: number
	offset: number
	limit: number
	orderType?: string
	carrierDescription?: string
	issueType?: string
}

/**
 * GET /orders/without-updates: in-transit orders whose last event is older than `before` days,
 * quietest first. Read along ship_sets (organization_id, status, last_event_at); the carrier and
 * issue-type filters ask each candidate's shipments, so the total is counted up to
 * WITHOUT_UPDATES_COUNT_CAP only.
 */
export async function ordersWithoutUpdates(
	db: Reader,
	organizationId: string,
	f: WithoutUpdatesFilter,
) {
	const where = [
		eq(shipSets.organizationId, organizationId),
		eq(shipSets.status, 'in_transit'),
		isNotNull(shipSets.lastEventAt),
		sql`${shipSets.lastEventAt} < now() - make_interval(days => ${f.before})`,
	]
	if (f.orderType) where.push(eq(shipSets.orderTypeId, f.orderType))
	if (f.carrierDescription) {
		// The few carriers of that description first, so that each candidate's check is one index probe.
		const ids = await db
			.select({ id: carriers.id })
			.from(carriers)
			.where(
				and(
					eq(carriers.organizationId, organizationId),
					eq(carriers.description, f.carrierDescription),
				),
			)
		if (ids.length === 0) return { orders: [], total: 0 }
		where.push(
			sql`exists (select 1 from shipments s where s.ship_set_id = ${shipSets.id} and s.organization_id = ${organizationId}
				and s.carrier_id in (${sql.join(
					ids.map((r) => sql`${r.id}::uuid`),
					sql`, `,
				)}))`,
		)
	}
	if (f.issueType)
		where.push(
			sql`exists (select 1 from shipments s where s.ship_set_id = ${shipSets.id} and s.organization_id = ${organizationId}
				and s.substatus_type_id = ${f.issueType} and s.status in ('pending', 'in_transit'))`,
		)
	const scope = and(...where)
	const capped = db
		.select({ one: sql`1` })
		.from(shipSets)
		.where(scope)
		.limit(WITHOUT_UPDATES_COUNT_CAP)
		.as('capped')
	const [page, [total]] = await Promise.all([
		db
			.select({ id: shipSets.id })
			.from(shipSets)
			.where(scope)
			.orderBy(asc(shipSets.lastEventAt), asc(shipSets.id))
			.offset(f.offset)
			.limit(f.limit),
		db.select({ n: count() }).from(capped),
	])
	return {
		orders: await orderRows(
			db,
			organizationId,
			page.map((r) => r.id),
		),
		total: total?.n ?? 0,
	}
}

/** The first day of the month `months - 1` months before this one: a window of `months` calendar months. */
const monthsWindow = (months: number) =>
	sql`(${THIS_MONTH} - make_interval(months => ${months - 1}))::date`
const orderTypeIs = (column: Column, orderType?: string) =>
	orderType ? sql`and ${column} = ${orderType}` : sql``

/** GET /orders/average-time: per month of delivery (oldest first, 'YYYY-MM'), hours from first event to delivery. */
export async function averageOrderTime(
	db: Reader,
	organizationId: string,
	months: number,
	orderType?: string,
): Promise<z.infer<typeof AverageTimeResponse>> {
	const d = dashboardOrderDays
	const list = await rows<{ month: string; hours: number | null; n: number }>(
		db,
		sql`with m as (
				select generate_series(${monthsWindow(months)}, ${THIS_MONTH}, interval '1 month')::date as month
			)
			select to_char(m.month, 'YYYY-MM') as month, sum(${d.hoursSum})::float8 as hours, coalesce(sum(${d.hoursCount}), 0)::int as n
			from m left join ${d}
				on ${d.organizationId} = ${organizationId} and ${d.day} >= m.month and ${d.day} < (m.month + interval '1 month')::date
				${orderTypeIs(d.orderTypeId, orderType)}
			group by m.month order by m.month`,
	)
	const hours = list.reduce((s, r) => s + (r.hours ?? 0), 0)
	const n = list.reduce((s, r) => s + r.n, 0)
	return {
		months: list.map((r) => ({
			month: r.month,
			value: r.n > 0 ? (r.hours ?? 0) / r.n : null,
			count: r.n,
		})),
		average: n > 0 ? hours / n : null,
	}
}

/** GET {dashboard}/orders/late-vs-ontime: orders delivered late and on time in the last `months` months. */
export async function lateVsOnTime(
	db: Reader,
	organizationId: string,
	months: number,
	orderType?: string,
): Promise<z.infer<typeof LateVsOnTimeResponse>> {
	const d = dashboardOrderDays
	const [r] = await db
		.select({
			late: sql<number>`coalesce(sum(${d.late}), 0)::int`,
			on_time: sql<number>`coalesce(sum(${d.onTime}), 0)::int`,
		})
		.from(d)
		.where(
			and(
				eq(d.organizationId, organizationId),
				gte(d.day, monthsWindow(months)),
				orderType ? eq(d.orderTypeId, orderType) : undefined,
			),
		)
	const late = r?.late ?? 0
	const onTime = r?.on_time ?? 0
	return {
		delivery_status: [
			{ status: 'late', count: late },
			{ status: 'on_time', count: onTime },
		],
		total: late + onTime,
	}
}

/** GET /orders/carrier-average-days: each carrier's average transit hours per month, for one conveyance type. */
export async function carrierAverageDays(
	db: Reader,
	organizationId: string,
	months: number,
	conveyance: number,
): Promise<z.infer<typeof CarrierAverageDaysResponse>> {
	const d = dashboardCarrierDays
	const list = await rows<{ month: string; carrier: string; hours: number }>(
		db,
		sql`select to_char(date_trunc('month', ${d.day}), 'Mon YYYY') as month, min(date_trunc('month', ${d.day})) as start, ${carriers.name} as carrier,
				(sum(${d.hoursSum}) / sum(${d.hoursCount}))::float8 as hours
			from ${d}
			join ${carriers} on ${carriers.id} = ${d.carrierId}
			join ${conveyanceTypes} on ${conveyanceTypes.id} = ${carriers.conveyanceTypeId}
			where ${d.organizationId} = ${organizationId} and ${d.day} >= ${monthsWindow(months)} and ${conveyanceTypes.code} = ${conveyance} and ${d.hoursCount} > 0
			group by 1, ${carriers.name}
			order by start, ${carriers.name}`,
	)
	const byMonth = new Map<string, { carrier: string; average_time: number }[]>()
	for (const r of list) {
		const carriersOfMonth = byMonth.get(r.month) ?? []
		carriersOfMonth.push({ carrier: r.carrier, average_time: r.hours })
		byMonth.set(r.month, carriersOfMonth)
	}
	return {
		months: [...byMonth].map(([month, average_days_carriers]) => ({
			month,
			average_days_carriers,
		})),
	}
}

const carrierIn = (column: Column, ids: string[]) =>
	ids.length
		? sql`and ${column} in (${sql.join(
				ids.map((id) => sql`${id}::uuid`),
				sql`, `,
			)})`
		: sql``
const periodStart = (duration: Duration) =>
	sql`date_trunc(${duration}, now() at time zone 'UTC')::date`
const periodLength = (duration: Duration) =>
	sql.raw(`interval '${duration === 'quarter' ? '3 months' : `1 ${duration}`}'`)

/** GET {dashboard}/carriers/late-ontime-shipments: per carrier, shipments delivered late and on time this month, quarter or year. */
export async function carrierLateOnTime(
	db: Reader,
	organizationId: string,
	carrierIds: string[],
	duration: Duration,
): Promise<z.infer<typeof CarrierLateOnTimeResponse>> {
	const d = dashboardCarrierDays
	const list = await db
		.select({
			carrier: carriers.name,
			late: sql<number>`sum(${d.late})::int`,
			on_time: sql<number>`(sum(${d.delivered}) - sum(${d.late}))::int`,
		})
		.from(d)
		.innerJoin(carriers, eq(carriers.id, d.carrierId))
		.where(
			and(
				eq(d.organizationId, organizationId),
				gte(d.day, periodStart(duration)),
				carrierIds.length ? inArray(d.carrierId, carrierIds) : undefined,
			),
		)
		.groupBy(carriers.name)
		.orderBy(carriers.name)
	return {
		late_shipments: {
			carriers: list.filter((r) => r.late > 0).map((r) => ({ carrier: r.carrier, count: r.late })),
		},
		on_time_shipments: {
			carriers: list
				.filter((r) => r.on_time > 0)
				.map((r) => ({ carrier: r.carrier, count: r.on_time })),
		},
	}
}

/** The on-time percentage of `onTime` out of `total` (0 without deliveries). */
export const percent = (onTime: number, total: number) => (total > 0 ? (onTime / total) * 100 : 0)

/**
 * GET {dashboard}/carriers/trends: each carrier's on-time percentage in the current month, quarter
 * or year, and its change in percentage points from the previous one (0 when either has no
 * deliveries: there is nothing to compare); carriers by name, `limit` from `offset`.
 */
export async function carrierTrends(
	db: Reader,
	organizationId: string,
	carrierIds: string[],
	duration: Duration,
	offset: number,
	limit: number,
) {
	const d = dashboardCarrierDays
	const list = await rows<{
		carrier: string
		cur_on: number
		cur_total: number
		prev_on: number
		prev_total: number
		total: number
	}>(
		db,
		sql`with p as (select ${periodStart(duration)} as cur, (${periodStart(duration)} - ${periodLength(duration)})::date as prev),
			per as (
				select ${carriers.name} as carrier,
					coalesce(sum(${d.delivered} - ${d.late}) filter (where ${d.day} >= p.cur), 0)::int as cur_on,
					coalesce(sum(${d.delivered}) filter (where ${d.day} >= p.cur), 0)::int as cur_total,
					coalesce(sum(${d.delivered} - ${d.late}) filter (where ${d.day} < p.cur), 0)::int as prev_on,
					coalesce(sum(${d.delivered}) filter (where ${d.day} < p.cur), 0)::int as prev_total
				from ${d} join ${carriers} on ${carriers.id} = ${d.carrierId} cross join p
				where ${d.organizationId} = ${organizationId} and ${d.day} >= p.prev ${carrierIn(d.carrierId, carrierIds)}
				group by ${carriers.name}
				having sum(${d.delivered}) > 0
			)
			select per.*, (count(*) over ())::int as total from per order by carrier offset ${offset} limit ${limit}`,
	)
	const carriersOut: z.infer<typeof CarrierTrend>[] = list.map((r) => {
		const now = percent(r.cur_on, r.cur_total)
		const before = percent(r.prev_on, r.prev_total)
		const comparable = r.cur_total > 0 && r.prev_total > 0
		const trend = comparable ? now - before : 0
		return {
			carrier: r.carrier,
			on_time_percentage: now,
			on_time_trend: trend,
			late_trend: comparable ? 100 - now - (100 - before) : 0,
			current_on_time: r.cur_on,
			current_total: r.cur_total,
			previous_on_time: r.prev_on,
			previous_total: r.prev_total,
		}
	})
	const total =
		list[0]?.total ??
		(offset > 0 ? await countTrendCarriers(db, organizationId, carrierIds, duration) : 0)
	return { carriers: carriersOut, total, offset }
}

async function countTrendCarriers(
	db: Reader,
	organizationId: string,
	carrierIds: string[],
	duration: Duration,
) {
	const d = dashboardCarrierDays
	const [r] = await db
		.select({ n: countDistinct(d.carrierId) })
		.from(d)
		.where(
			and(
				eq(d.organizationId, organizationId),
				gt(d.delivered, 0),
				gte(d.day, sql`(${periodStart(duration)} - ${periodLength(duration)})::date`),
				carrierIds.length ? inArray(d.carrierId, carrierIds) : undefined,
			),
		)
	return r?.n ?? 0
}

export interface IssuesFilter {
	carrierDescription?: string
	orderType?: string
	/** Only issues raised within the last `before` days. */
	before?: number
}

/**
 * The Issues Log's rows, as `d`: dashboard_issue_days for the chart, and for the report each open
 * issue shaped as such a row (one issue), so that both read the same scope and age buckets.
 */
const d = alias(dashboardIssueDays, 'd')

/** The age bucket of an issue raised `ageDays` ago (001 §9 "colours by age of 1 day, 3 days and 5 days"); 6 = more than 5. */
export const AGE_BUCKET = sql`case when ${TODAY} - ${d.day} <= 1 then 1 when ${TODAY} - ${d.day} <= 3 then 3 when ${TODAY} - ${d.day} <= 5 then 5 else 6 end`

function issueScope(organizationId: string, f: IssuesFilter) {
	return sql`${d.organizationId} = ${organizationId} and ${d.issues} <> 0
		${f.orderType ? sql`and ${d.orderTypeId} = ${f.orderType}` : sql``}
		${f.before ? sql`and ${d.day} >= ${TODAY} - ${f.before}::int` : sql``}
		${
			f.carrierDescription
				? sql`and ${d.carrierId} in (select ${carriers.id} from ${carriers} where ${carriers.organizationId} = ${organizationId} and ${carriers.description} = ${f.carrierDescription})`
				: sql``
		}`
}

/** GET /shipments/issues-log(-v2): open issues by issue type and age bucket, their count and delivery value. */
export async function issuesLog(
	db: Reader,
	organizationId: string,
	f: IssuesFilter,
): Promise<z.infer<typeof IssuesLogEntry>[]> {
	const list = await rows<{ name: string; days: number; n: number; value: number }>(
		db,
		sql`select ${substatusTypes.name} as name, ${AGE_BUCKET} as days, sum(${d.issues})::int as n, sum(${d.deliveryValue})::float8 as value
			from ${dashboardIssueDays} ${d} join ${substatusTypes} on ${substatusTypes.id} = ${d.substatusTypeId}
			where ${issueScope(organizationId, f)}
			group by ${substatusTypes.name}, 2 having sum(${d.issues}) > 0 order by ${substatusTypes.name}, 2`,
	)
	return list.map((r) => ({
		status_type_name: r.name,
		days: r.days,
		count: r.n,
		delivery_value: Math.round(r.value * 100) / 100,
	}))
}

/** One line of the Issues Log report: an open issue with its order, read from the shipments themselves. */
export interface IssueLine {
	order: string
	reference: string | null
	tracking: string | null
	carrier: string | null
	issueType: string
	raisedAt: string
	ageDays: number
	days: number
	deliveryValue: number
}

/** The open issues behind the chart (same scope and buckets), oldest first, for the report's CSV. */
export async function openIssues(
	db: Reader,
	organizationId: string,
	f: IssuesFilter,
): Promise<IssueLine[]> {
	const list = await rows<{
		order: string
		reference: string | null
		tracking: string | null
		carrier: string | null
		issue_type: string
		raised_at: Date | string
		age: number
		days: number
		value: number | null
	}>(
		db,
		sql`select o.name as order, o.reference_number as reference, s.tracking_number as tracking, c.name as carrier,
				t.name as issue_type, coalesce(s.substatus_at, s.created_at) as raised_at,
				(${TODAY} - ${d.day})::int as age, ${AGE_BUCKET} as days, o.delivery_value::float8 as value
			from shipments s
			join ship_sets o on o.id = s.ship_set_id
			join substatus_types t on t.id = s.substatus_type_id
			left join carriers c on c.id = s.carrier_id
			cross join lateral (select
				(coalesce(s.substatus_at, s.created_at) at time zone 'UTC')::date as day,
				coalesce(o.order_type_id, ${NO_KEY}::uuid) as order_type_id,
				coalesce(s.carrier_id, ${NO_KEY}::uuid) as carrier_id,
				s.organization_id, 1 as issues) ${d}
			where s.organization_id = ${organizationId} and s.substatus_type_id is not null and s.status in ('pending', 'in_transit')
				and ${issueScope(organizationId, f)}
			order by raised_at, o.name, s.tracking_number`,
	)
	return list.map((r) => ({
		order: r.order,
		reference: r.reference,
		tracking: r.tracking,
		carrier: r.carrier,
		issueType: r.issue_type,
		raisedAt: new Date(r.raised_at).toISOString(),
		ageDays: r.age,
		days: r.days,
		deliveryValue: r.value ?? 0,
	}))
}

/** GET /carrier_codes/descriptions: the supply chain's carrier descriptions, each once, sorted. */
export async function carrierDescriptions(db: Reader, organizationId: string) {
	const list = await db
		.selectDistinct({ d: carriers.description })
		.from(carriers)
		.where(and(eq(carriers.organizationId, organizationId), isNotNull(carriers.description)))
		.orderBy(asc(carriers.description))
	return list.map((r) => r.d as string)
}

/** GET /carrier_codes: the supply chain's carriers by code. */
export function carrierCodes(db: Reader, organizationId: string) {
	return db
		.select({ id: carriers.id, code: carriers.code, name: carriers.name })
		.from(carriers)
		.where(eq(carriers.organizationId, organizationId))
		.orderBy(asc(carriers.code), asc(carriers.id))
}

/** GET /status_types/3/substatus_types: the issue types. */
export function issueTypes(db: Reader) {
	return db
		.select({ id: substatusTypes.id, code: substatusTypes.code, name: substatusTypes.name })
		.from(substatusTypes)
		.innerJoin(statusTypes, eq(statusTypes.id, substatusTypes.statusTypeId))
		.where(eq(statusTypes.code, EXCEPTION_STATUS_CODE))
		.orderBy(asc(substatusTypes.name), asc(substatusTypes.id))
}
