import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { customAttributeTypes, customAttributes, events, locations, nodes, shipSetTags, tags } from '../../db/schema'
import { eventOut, nodeColumns, nodeOut } from './timeline-wire'

/**
 * Reads of one order of the caller's organization beyond its timeline (002 §7): its nodes with
 * their events, its custom attributes and its tags. Every query is scoped by organization.
 */

/** Nodes of the order (all, or those in `ids`) in journey order, each with its events newest first. */
export async function orderNodes(db: Database, organizationId: string, shipSetId: string, ids?: string[]) {
	const where = [eq(nodes.shipSetId, shipSetId), eq(nodes.organizationId, organizationId)]
	if (ids) where.push(inArray(nodes.id, ids))
	const rows = await db
		.select(nodeColumns)
		.from(nodes)
		.leftJoin(locations, eq(locations.id, nodes.locationId))
		.where(and(...where))
		.orderBy(asc(nodes.position), asc(nodes.positionInGroup), asc(nodes.id))
	if (rows.length === 0) return []
	const eventRows = await db
		.select()
		.from(events)
		.where(
			and(
				eq(events.organizationId, organizationId),
				inArray(
					events.nodeId,
					rows.map((r) => r.node.id),
				),
			),
		)
		.orderBy(asc(events.nodeId), asc(events.eventAt), asc(events.id))
	return rows.map((r) => ({
		...nodeOut(r),
		events: eventRows
			.filter((e) => e.nodeId === r.node.id)
			.reverse()
			.map(eventOut),
	}))
}

/** Custom attributes of the order, by name (002 §3 "Custom attribute"). */
export function orderCustomAttributes(db: Pick<Database, 'select'>, organizationId: string, shipSetId: string) {
	return db
		.select({ id: customAttributes.id, name: customAttributeTypes.name, value: customAttributes.value, data_type: customAttributeTypes.dataType })
		.from(customAttributes)
		.innerJoin(customAttributeTypes, eq(customAttributeTypes.id, customAttributes.customAttributeTypeId))
		.where(and(eq(customAttributes.shipSetId, shipSetId), eq(customAttributes.organizationId, organizationId)))
		.orderBy(asc(customAttributeTypes.name), asc(customAttributes.id))
}

/** Tags of the order, by name (002 §3 "Tag"). */
export function orderTags(db: Pick<Database, 'select'>, organizationId: string, shipSetId: string) {
	return db
		.select({ id: tags.id, name: tags.name })
		.from(shipSetTags)
		.innerJoin(tags, eq(tags.id, shipSetTags.tagId))
		.where(and(eq(shipSetTags.shipSetId, shipSetId), eq(shipSetTags.organizationId, organizationId)))
		.orderBy(asc(tags.name))
}
