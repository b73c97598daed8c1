import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { customAttributeTypes, customAttributes, events, shipSetTags, tags } from '../db/schema'
import type { TimelineResponse } from './timeline.contract'
import { uuidArray } from '../db/params'

/**
 * Reads of one order of the caller's organization beyond its timeline (002 §7): its nodes with
 * their events, its custom attributes and its tags. Every query is scoped by organization.
 */

type ShipSet = TimelineResponse['ship_set']

/**
 * Nodes of the order (all, or those in `ids`: UUIDs, checked by the route) in journey order, each
 * with its events newest first. The nodes are the database's `waymark_nodes` and each event its
 * `waymark_event` (server/timeline/timeline.sql), which the timeline's function selects too: one definition each.
 */
export async function orderNodes(
	db: Database,
	organizationId: string,
	shipSetId: string,
	ids?: string[],
) {
	const only = ids ? uuidArray(ids) : sql`null`
	const { rows } = await db.execute<{ nodes: ShipSet['nodes'] }>(
		sql`select waymark_nodes(${organizationId}, ${shipSetId}, ${only}) as nodes`,
	)
	const found = rows[0]?.nodes ?? []
	if (found.length === 0) return []
	const eventRows = await db
		.select({
			nodeId: events.nodeId,
			event: sql<ShipSet['events'][number]>`waymark_event(${events})`,
		})
		.from(events)
		.where(
			and(
				eq(events.organizationId, organizationId),
				inArray(
					events.nodeId,
					found.map((n) => n.id),
				),
			),
		)
		.orderBy(asc(events.nodeId), desc(events.eventAt), desc(events.id))
	return found.map((node) => ({
		...node,
		events: eventRows.filter((e) => e.nodeId === node.id).map((e) => e.event),
	}))
}

/** Custom attributes of the order, by name (002 §3 "Custom attribute"). */
export function orderCustomAttributes(
	db: Pick<Database, 'select'>,
	organizationId: string,
	shipSetId: string,
) {
	return db
		.select({
			id: customAttributes.id,
			name: customAttributeTypes.name,
			value: customAttributes.value,
			data_type: customAttributeTypes.dataType,
		})
		.from(customAttributes)
		.innerJoin(
			customAttributeTypes,
			eq(customAttributeTypes.id, customAttributes.customAttributeTypeId),
		)
		.where(
			and(
				eq(customAttributes.shipSetId, shipSetId),
				eq(customAttributes.organizationId, organizationId),
			),
		)
		.orderBy(asc(customAttributeTypes.name), asc(customAttributes.id))
}

/** Tags of the order, by name (002 §3 "Tag"). */
export function orderTags(db: Pick<Database, 'select'>, organizationId: string, shipSetId: string) {
	return db
		.select({ id: tags.id, name: tags.name })
		.from(shipSetTags)
		.innerJoin(tags, eq(tags.id, shipSetTags.tagId))
		.where(
			and(eq(shipSetTags.shipSetId, shipSetId), eq(shipSetTags.organizationId, organizationId)),
		)
		.orderBy(asc(tags.name))
}
