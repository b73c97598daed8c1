import { and, asc, count, desc, eq, exists, inArray, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
	breachedOrderShipSets,
	breachedOrders,
	measurementExceptionSummaries,
	nodes,
	shipSets,
	trackingGroups,
} from '../db/schema'
import { trackingGroupPath, type OngoingBreachedOrder } from './ongoing.contract'
import { prefixPattern } from '../search/filters'

/**
 * Ongoing Breaches (001 §2, §4, §7): the caller's supply chain's ongoing breached orders, newest
 * first, optionally only those affecting an order whose number starts with a text; and one breached
 * order by id. Every read is scoped by organization; another tenant's id is simply not found.
 */

type Reader = Pick<Database, 'select'>

const iso = (d: Date | string) => new Date(d).toISOString()

/** An affected order whose number starts with `text`, as typed or upper-cased (an index lookup each). */
function affectsOrder(organizationId: string, text: string) {
	const patterns = [...new Set([text, text.toUpperCase()])].map(
		(v) => sql`${shipSets.name} like ${prefixPattern(v)}`,
	)
	return exists(
		sql`(select 1 from ${breachedOrderShipSets} inner join ${shipSets} on ${shipSets.id} = ${breachedOrderShipSets.shipSetId}
			where ${breachedOrderShipSets.breachedOrderId} = ${breachedOrders.id}
			and ${shipSets.organizationId} = ${organizationId} and (${or(...patterns)}))`,
	)
}

/** GET /ongoing_breached_orders: a page of ongoing breaches (newest first) and how many match. */
export async function ongoingBreaches(
	db: Reader,
	organizationId: string,
	q: { offset: number; limit: number; orderNumber?: string },
): Promise<{ ongoing_breach_orders: OngoingBreachedOrder[]; total_ongoing_breaches: number }> {
	const where = and(
		eq(breachedOrders.organizationId, organizationId),
		eq(breachedOrders.ongoing, true),
		q.orderNumber ? affectsOrder(organizationId, q.orderNumber) : undefined,
	)
	const [page, [total]] = await Promise.all([
		db
			.select({ id: breachedOrders.id })
			.from(breachedOrders)
			.where(where)
			.orderBy(desc(breachedOrders.firstEventAt), desc(breachedOrders.id))
			.offset(q.offset)
			.limit(q.limit),
		db.select({ n: count() }).from(breachedOrders).where(where),
	])
	return {
		ongoing_breach_orders: await breachViews(
			db,
			organizationId,
			page.map((r) => r.id),
		),
		total_ongoing_breaches: Number(total?.n ?? 0),
	}
}

/** GET /breached_order/{id}: one of the caller's breached orders (ongoing or closed), or null. */
export async function breachedOrder(
	db: Reader,
	organizationId: string,
	id: string,
): Promise<OngoingBreachedOrder | null> {
	const [found] = await breachViews(db, organizationId, [id])
	return found ?? null
}

/** The breached orders of `ids` in that order, each with its item, orders, summaries and attribution. */
async function breachViews(
	db: Reader,
	organizationId: string,
	ids: string[],
): Promise<OngoingBreachedOrder[]> {
	if (ids.length === 0) return []
	const nodeOrder = sql<
		string | null
	>`(select ${shipSets.name} from ${shipSets} where ${shipSets.id} = ${nodes.shipSetId})`
	const [rows, orders, summaries] = await Promise.all([
		db
			.select({
				id: breachedOrders.id,
				groupId: breachedOrders.trackingGroupId,
				groupName: trackingGroups.name,
				deviceType: trackingGroups.deviceTypeName,
				itemType: breachedOrders.itemType,
				itemName: breachedOrders.itemName,
				measurableId: breachedOrders.measurableId,
				firstEventAt: breachedOrders.firstEventAt,
				lastEventAt: breachedOrders.lastEventAt,
				timezone: breachedOrders.timezone,
				ongoing: breachedOrders.ongoing,
				custodian: breachedOrders.custodian,
				nodeId: nodes.id,
				nodeBuilding: nodes.buildingType,
				nodeShipSetId: nodes.shipSetId,
				nodeShipSetName: nodeOrder,
			})
			.from(breachedOrders)
			.innerJoin(trackingGroups, eq(trackingGroups.id, breachedOrders.trackingGroupId))
			.leftJoin(
				nodes,
				and(eq(nodes.id, breachedOrders.nodeId), eq(nodes.organizationId, organizationId)),
			)
			.where(
				and(eq(breachedOrders.organizationId, organizationId), inArray(breachedOrders.id, ids)),
			),
		db
			.select({
				breachId: breachedOrderShipSets.breachedOrderId,
				id: shipSets.id,
				name: shipSets.name,
			})
			.from(breachedOrderShipSets)
			.innerJoin(shipSets, eq(shipSets.id, breachedOrderShipSets.shipSetId))
			.where(
				and(
					eq(breachedOrderShipSets.organizationId, organizationId),
					eq(shipSets.organizationId, organizationId),
					inArray(breachedOrderShipSets.breachedOrderId, ids),
				),
			)
			.orderBy(asc(shipSets.name)),
		db
			.select({
				breachId: measurementExceptionSummaries.breachedOrderId,
				code: measurementExceptionSummaries.sensorTypeCode,
				summary: measurementExceptionSummaries.firstEventSummary,
				at: measurementExceptionSummaries.firstEventAt,
				min: measurementExceptionSummaries.minThresholdValue,
				max: measurementExceptionSummaries.maxThresholdValue,
				uom: measurementExceptionSummaries.sensorUomCode,
			})
			.from(measurementExceptionSummaries)
			.where(
				and(
					eq(measurementExceptionSummaries.organizationId, organizationId),
					inArray(measurementExceptionSummaries.breachedOrderId, ids),
				),
			)
			.orderBy(asc(measurementExceptionSummaries.sensorTypeCode)),
	])
	const byId = new Map(rows.map((r) => [r.id, r]))
	return ids.flatMap((id): OngoingBreachedOrder[] => {
		const r = byId.get(id)
		if (!r) return []
		const mine = summaries.filter((s) => s.breachId === id)
		return [
			{
				breached_order_id: r.id,
				shipment_name: r.groupName,
				device_type_name: r.deviceType,
				item: { item_type: r.itemType, name: r.itemName, measurable_id: r.measurableId },
				ship_sets: orders
					.filter((o) => o.breachId === id)
					.map((o) => ({ id: o.id, name: o.name, timeline_url: `/timeline/${o.id}` })),
				sensor_types: [...new Set(mine.map((s) => s.code))].sort(),
				tracking_group_id: r.groupId,
				tracking_group_url: trackingGroupPath(r.groupId),
				measurement_exception_summaries: mine.map((s) => ({
					sensor_type_code: s.code,
					first_event: { summary: s.summary, event_at: iso(s.at) },
					min_threshold_value: s.min,
					max_threshold_value: s.max,
					sensor_uom_code: s.uom,
				})),
				attribution: {
					node:
						r.nodeId && r.nodeBuilding && r.nodeShipSetId
							? {
									id: r.nodeId,
									building_type: r.nodeBuilding,
									ship_set_id: r.nodeShipSetId,
									ship_set_name: r.nodeShipSetName ?? '',
									timeline_url: `/timeline/${r.nodeShipSetId}?nodeId=${r.nodeId}`,
								}
							: null,
					custodian: r.custodian,
				},
				first_event_at: iso(r.firstEventAt),
				last_event_at: iso(r.lastEventAt),
				timezone: r.timezone,
				ongoing: r.ongoing,
			},
		]
	})
}
