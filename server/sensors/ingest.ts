import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from '@hono/zod-openapi'
import type { Database } from '../db/client'
import {
	breachedOrderShipSets,
	breachedOrders,
	measurementExceptionSummaries,
	measurementTypes,
	shipSets,
	shipments,
	thresholdSettings,
	trackingGroupItems,
	trackingGroups,
} from '../db/schema'
import { READING_FUTURE_SLACK_MS, type ReadingIn, type ReadingsResponse } from './readings.contract'
import { ApiError, describeIssues, notFound, type Issue } from '../errors'
import {
	breachCount,
	detect,
	excursionSeconds,
	outside,
	totalSeconds,
	type BreachState,
	type Excursion,
	type Reading,
	type Threshold,
	type TypeState,
} from './detection'
import { fillAttribution } from './attribution'
import { recordDomainEvents } from '../domain-events/record'

/**
 * POST /api/ingest/1.0/tracking_groups/{id}/readings: the batch is checked whole
 * against the group (every item known, no reading from the future) and refused naming the first
 * bad reading; then, in one transaction, the readings are stored (a reading already stored, same
 * item, type and time, is skipped: a repeated batch changes nothing) and the new ones are stepped
 * through breach detection (./detection.ts) against each item's open breach, which is created,
 * extended or closed with its summaries, affected orders and attribution.
 *
 * A reading older than the latest one stored before for its item and type is kept but not
 * detected: detection walks forward in time.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Executor = Database | Tx
type ReadingInput = z.infer<typeof ReadingIn>

export interface GroupContext {
	organizationId: string
	trackingGroupId: string
	shipmentId: string | null
	items: Map<string, { id: string; itemType: string; name: string }>
	types: Map<string, { id: string; uom: string; name: string; unit: string }>
	thresholds: Map<string, Threshold>
}

export async function loadGroup(
	db: Executor,
	organizationId: string,
	trackingGroupId: string,
): Promise<GroupContext> {
	const [group] = await db
		.select({ id: trackingGroups.id, shipmentId: trackingGroups.shipmentId })
		.from(trackingGroups)
		.where(
			and(
				eq(trackingGroups.id, trackingGroupId),
				eq(trackingGroups.organizationId, organizationId),
			),
		)
	if (!group) throw notFound('Tracking group')
	const [items, types, limits] = await Promise.all([
		db
			.select({
				id: trackingGroupItems.id,
				measurableId: trackingGroupItems.measurableId,
				itemType: trackingGroupItems.itemType,
				name: trackingGroupItems.name,
			})
			.from(trackingGroupItems)
			.where(eq(trackingGroupItems.trackingGroupId, trackingGroupId)),
		db
			.select({
				id: measurementTypes.id,
				code: measurementTypes.code,
				uom: measurementTypes.uomCode,
				name: measurementTypes.name,
				unit: measurementTypes.displayName,
			})
			.from(measurementTypes),
		db
			.select({
				code: measurementTypes.code,
				min: thresholdSettings.min,
				max: thresholdSettings.max,
			})
			.from(thresholdSettings)
			.innerJoin(measurementTypes, eq(measurementTypes.id, thresholdSettings.measurementTypeId))
			.where(eq(thresholdSettings.trackingGroupId, trackingGroupId)),
	])
	return {
		organizationId,
		trackingGroupId,
		shipmentId: group.shipmentId,
		items: new Map(
			items.map((i) => [i.measurableId, { id: i.id, itemType: i.itemType, name: i.name }]),
		),
		types: new Map(
			types.map((t) => [t.code, { id: t.id, uom: t.uom, name: t.name, unit: t.unit }]),
		),
		thresholds: new Map(limits.map((l) => [l.code, { min: l.min, max: l.max }])),
	}
}

/** The batch's problems, each naming its reading (`readings.3.measurable_id`); empty when it may be stored. */
export function batchIssues(
	group: GroupContext,
	readings: readonly ReadingInput[],
	now: number,
): Issue[] {
	const issues: Issue[] = []
	readings.forEach((r, i) => {
		if (!group.items.has(r.measurable_id))
			issues.push({
				path: `readings.${i}.measurable_id`,
				message: `Not an item of this tracking group: ${r.measurable_id}`,
			})
		if (!group.types.has(r.type))
			issues.push({ path: `readings.${i}.type`, message: `Unknown measurement type: ${r.type}` })
		if (Date.parse(r.measure_at) > now + READING_FUTURE_SLACK_MS)
			issues.push({
				path: `readings.${i}.measure_at`,
				message: 'A reading cannot be in the future',
			})
	})
	return issues
}

export async function ingestReadings(
	db: Database,
	organizationId: string,
	trackingGroupId: string,
	readings: readonly ReadingInput[],
	now = Date.now(),
): Promise<ReadingsResponse> {
	const group = await loadGroup(db, organizationId, trackingGroupId)
	const issues = batchIssues(group, readings, now)
	if (issues.length)
		throw new ApiError(400, describeIssues(issues.slice(0, 20)), issues.slice(0, 20))
	return db.transaction((tx) => storeAndDetect(tx, group, readings))
}

/** Stores the readings and runs detection over the new ones; the caller has checked them (batchIssues). */
export async function storeAndDetect(
	tx: Executor,
	group: GroupContext,
	readings: readonly ReadingInput[],
): Promise<ReadingsResponse> {
	// One batch of a tracking group at a time (on PostgreSQL, across processes): detection walks each
	// item forward from what the batch before stored, so two batches of one group must not interleave.
	await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${group.trackingGroupId}, 0))`)
	// The latest reading stored before, per item and type: older readings are kept, not detected.
	const latest = new Map<string, number>()
	// One index probe per item and type (measurements_group_type_item_at_idx), whatever the history.
	const pairs = [
		...new Map(
			readings.map((r) => [`${r.measurable_id}\n${r.type}`, { m: r.measurable_id, code: r.type }]),
		).values(),
	]
	const before = await tx.execute<{
		measurable_id: string
		code: string
		at: Date | string | null
	}>(
		sql`select p.measurable_id, p.code, (
				select m.measure_at from measurements m
				where m.tracking_group_id = ${group.trackingGroupId} and m.measurement_type_id = p.type_id and m.measurable_id = p.measurable_id
				order by m.measure_at desc limit 1
			) as at
			from json_to_recordset(${JSON.stringify(pairs.map((p) => ({ measurable_id: p.m, code: p.code, type_id: group.types.get(p.code)!.id })))}::json)
				as p(measurable_id text, code text, type_id uuid)`,
	)
	for (const r of before.rows) if (r.at) latest.set(`${r.measurable_id}|${r.code}`, +new Date(r.at))

	const json = JSON.stringify(
		readings.map((r) => ({
			measurable_id: r.measurable_id,
			type_id: group.types.get(r.type)!.id,
			measure_at: r.measure_at,
			value: r.value,
		})),
	)
	// Only the count comes back: the readings to detect are known without reading them back.
	const [stored] = (
		await tx.execute<{ n: number }>(
			sql`with stored as (
				insert into measurements (organization_id, tracking_group_id, measurable_id, measurement_type_id, measure_at, value)
				select ${group.organizationId}, ${group.trackingGroupId}, r.measurable_id, r.type_id, r.measure_at, r.value
				from json_to_recordset(${json}::json) as r(measurable_id text, type_id uuid, measure_at timestamptz, value float8)
				on conflict do nothing
				returning 1
			) select count(*)::int as n from stored`,
		)
	).rows
	// Detected: the readings after the latest one stored before (none of them can have been stored:
	// the group is locked), the first of any repeated within the batch (the one the insert kept).
	const byItem = new Map<string, Reading[]>()
	const seen = new Set<string>()
	for (const r of readings) {
		const at = Date.parse(r.measure_at)
		const key = `${r.measurable_id}|${r.type}`
		if (at <= (latest.get(key) ?? -Infinity) || seen.has(`${key}|${at}`)) continue
		seen.add(`${key}|${at}`)
		const list = byItem.get(r.measurable_id) ?? []
		list.push({ code: r.type, at, value: r.value })
		byItem.set(r.measurable_id, list)
	}
	const breaches: ReadingsResponse['breaches'] = []
	const news: {
		id: string
		kind: 'breach.opened' | 'breach.closed'
		measurableId: string
		at: number
		state: BreachState
	}[] = []
	const openBreaches = await loadOpenBreaches(tx, group, [...byItem.keys()])
	for (const [measurableId, list] of byItem) {
		const open = openBreaches.get(measurableId) ?? null
		// Nothing open and every reading within bounds: nothing to detect.
		if (
			!open &&
			!list.some((r) => {
				const t = group.thresholds.get(r.code)
				return t !== undefined && outside(t, r.value) !== null
			})
		)
			continue
		for (const state of detect(open, list, group.thresholds)) {
			const opened = !state.id
			const id = await saveBreach(tx, group, measurableId, state)
			breaches.push({
				id,
				measurable_id: measurableId,
				ongoing: state.ongoing,
				breach_count: breachCount(state),
				total_duration_seconds: totalSeconds(state),
			})
			if (opened) news.push({ id, kind: 'breach.opened', measurableId, at: state.firstAt, state })
			if (!state.ongoing)
				news.push({ id, kind: 'breach.closed', measurableId, at: state.lastAt, state })
		}
	}
	await recordBreachNews(tx, group, news)
	const accepted = stored?.n ?? 0
	return { accepted, duplicates: readings.length - accepted, breaches }
}

/**
 * breach.opened / breach.closed domain events, in the readings' transaction: the
 * breach, its item and the orders it affects (`ship_set_ids`; the event's own order when one).
 */
async function recordBreachNews(
	tx: Executor,
	group: GroupContext,
	news: {
		id: string
		kind: 'breach.opened' | 'breach.closed'
		measurableId: string
		at: number
		state: BreachState
	}[],
) {
	if (news.length === 0) return
	const links = await tx
		.select({
			breachId: breachedOrderShipSets.breachedOrderId,
			shipSetId: breachedOrderShipSets.shipSetId,
			name: shipSets.name,
		})
		.from(breachedOrderShipSets)
		.innerJoin(shipSets, eq(shipSets.id, breachedOrderShipSets.shipSetId))
		.where(inArray(breachedOrderShipSets.breachedOrderId, [...new Set(news.map((n) => n.id))]))
	await recordDomainEvents(
		tx,
		news.map((n) => {
			const orders = links.filter((l) => l.breachId === n.id)
			const item = group.items.get(n.measurableId)
			const types = [...n.state.types.values()]
			return {
				organizationId: group.organizationId,
				kind: n.kind,
				shipSetId: orders.length === 1 ? orders[0]!.shipSetId : null,
				occurredAt: new Date(n.at),
				payload: {
					breach_id: n.id,
					tracking_group_id: group.trackingGroupId,
					measurable_id: n.measurableId,
					item_name: item?.name ?? n.measurableId,
					item_type: item?.itemType ?? null,
					ship_set_ids: orders.map((o) => o.shipSetId),
					order_numbers: orders.map((o) => o.name),
					sensor_types: types.map((t) => t.code),
					breach_count: breachCount(n.state),
					total_duration_seconds: totalSeconds(n.state),
					first_event_at: new Date(n.state.firstAt).toISOString(),
					last_event_at: new Date(n.state.lastAt).toISOString(),
					ongoing: n.state.ongoing,
				},
			}
		}),
	)
}

interface StoredDuration {
	value: number
	type: string
	start?: string
	end?: string | null
	last?: string
}

/** The items' open breaches as detection state (locked for this transaction), by measurable id. */
async function loadOpenBreaches(
	tx: Executor,
	group: GroupContext,
	measurableIds: string[],
): Promise<Map<string, BreachState>> {
	const found = new Map<string, BreachState>()
	if (measurableIds.length === 0) return found
	const rows = await tx
		.select({
			id: breachedOrders.id,
			measurableId: breachedOrders.measurableId,
			firstAt: breachedOrders.firstEventAt,
			lastAt: breachedOrders.lastEventAt,
		})
		.from(breachedOrders)
		.where(
			and(
				eq(breachedOrders.trackingGroupId, group.trackingGroupId),
				inArray(breachedOrders.measurableId, measurableIds),
				eq(breachedOrders.ongoing, true),
			),
		)
		.orderBy(sql`${breachedOrders.firstEventAt} desc`)
		.for('update')
	if (rows.length === 0) return found
	const summaries = await tx
		.select()
		.from(measurementExceptionSummaries)
		.where(
			inArray(
				measurementExceptionSummaries.breachedOrderId,
				rows.map((r) => r.id),
			),
		)
	for (const row of rows) {
		if (found.has(row.measurableId)) continue
		const types = new Map<string, TypeState>()
		for (const s of summaries) {
			if (s.breachedOrderId !== row.id) continue
			const firstAt = +s.firstEventAt
			const excursions: Excursion[] = (s.durations as StoredDuration[]).map((d) => {
				const start = d.start ? Date.parse(d.start) : firstAt
				return {
					type: d.type === 'below' ? 'below' : 'above',
					start,
					end: d.start ? (d.end ? Date.parse(d.end) : null) : start + d.value * 1000,
					last: d.last ? Date.parse(d.last) : start + d.value * 1000,
				}
			})
			types.set(s.sensorTypeCode, {
				code: s.sensorTypeCode,
				threshold: group.thresholds.get(s.sensorTypeCode) ?? {
					min: s.minThresholdValue,
					max: s.maxThresholdValue,
				},
				count: s.count,
				firstAt,
				firstValue: NaN,
				firstDirection: excursions[0]?.type ?? 'above',
				lastAt: s.lastEventAt ? +s.lastEventAt : firstAt,
				excursions,
				summary: s.firstEventSummary,
			})
		}
		found.set(row.measurableId, {
			id: row.id,
			ongoing: true,
			firstAt: +row.firstAt,
			lastAt: +row.lastAt,
			types,
		})
	}
	return found
}

const iso = (ms: number) => new Date(ms).toISOString()

/** 'Temperature above maximum threshold of 8 °C (reading 8.9 °C)'. */
export function firstEventSummary(
	name: string,
	unit: string,
	t: Pick<TypeState, 'threshold' | 'firstValue' | 'firstDirection'>,
): string {
	const above = t.firstDirection === 'above'
	const limit = above ? t.threshold.max : t.threshold.min
	const u = unit ? ` ${unit}` : ''
	return `${name} ${above ? 'above maximum' : 'below minimum'} threshold of ${limit}${u} (reading ${t.firstValue}${u})`
}

/** The orders a breach of this item affects: the order a shipset item is, else the tracking group's shipment's order. */
async function affectedOrders(
	tx: Executor,
	group: GroupContext,
	measurableId: string,
): Promise<string[]> {
	const item = group.items.get(measurableId)
	if (item?.itemType === 'shipset') {
		const [own] = await tx
			.select({ id: shipSets.id })
			.from(shipSets)
			.where(
				and(
					eq(shipSets.organizationId, group.organizationId),
					sql`${shipSets.id}::text = ${measurableId}`,
				),
			)
		if (own) return [own.id]
	}
	if (!group.shipmentId) return []
	const rows = await tx
		.select({ id: shipments.shipSetId })
		.from(shipments)
		.where(
			and(eq(shipments.id, group.shipmentId), eq(shipments.organizationId, group.organizationId)),
		)
	return rows.map((r) => r.id)
}

async function saveBreach(
	tx: Executor,
	group: GroupContext,
	measurableId: string,
	state: BreachState,
): Promise<string> {
	const values = {
		ongoing: state.ongoing,
		firstEventAt: new Date(state.firstAt),
		lastEventAt: new Date(state.lastAt),
		breachCount: breachCount(state),
		totalDurationSeconds: totalSeconds(state),
		updatedAt: new Date(),
	}
	let id = state.id
	if (id) {
		await tx.update(breachedOrders).set(values).where(eq(breachedOrders.id, id))
	} else {
		const item = group.items.get(measurableId)!
		const orders = await affectedOrders(tx, group, measurableId)
		const [row] = await tx
			.insert(breachedOrders)
			.values({
				...values,
				organizationId: group.organizationId,
				trackingGroupId: group.trackingGroupId,
				shipmentId: group.shipmentId,
				trackingGroupItemId: item.id,
				itemType: item.itemType,
				itemName: item.name,
				measurableId,
				createdAt: new Date(state.firstAt),
			})
			.returning({ id: breachedOrders.id })
		id = row!.id
		state.id = id
		if (orders.length)
			await tx.insert(breachedOrderShipSets).values(
				orders.map((shipSetId) => ({
					organizationId: group.organizationId,
					breachedOrderId: id!,
					shipSetId,
				})),
			)
		await fillAttribution(tx, { breachIds: [id] })
	}
	await tx
		.delete(measurementExceptionSummaries)
		.where(eq(measurementExceptionSummaries.breachedOrderId, id))
	const summaries = [...state.types.values()].map((t) =>
		summaryRow(group.organizationId, id!, t, group.types.get(t.code)),
	)
	if (summaries.length) await tx.insert(measurementExceptionSummaries).values(summaries)
	return id
}

/** A type of a breach as its measurement_exception_summaries row (the ingestion's and the seed's). */
export function summaryRow(
	organizationId: string,
	breachedOrderId: string,
	t: TypeState,
	type: { id: string; uom: string; name: string; unit: string } | undefined,
) {
	return {
		organizationId,
		breachedOrderId,
		measurementTypeId: type?.id ?? null,
		sensorTypeCode: t.code,
		firstEventSummary: t.summary ?? firstEventSummary(type?.name ?? t.code, type?.unit ?? '', t),
		firstEventAt: new Date(t.firstAt),
		lastEventAt: new Date(t.lastAt),
		minThresholdValue: t.threshold.min,
		maxThresholdValue: t.threshold.max,
		sensorUomCode: type?.uom ?? '',
		count: t.count,
		durations: t.excursions.map((e) => ({
			value: excursionSeconds(e),
			type: e.type,
			start: iso(e.start),
			end: e.end === null ? null : iso(e.end),
			last: iso(e.last),
		})),
	}
}
