import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/client'
import { events, nodes, shipSets } from '../db/schema'

/**
 * The dashboard's view of ship sets: name, reference and the last status
 * (the ship set's latest event and the node it happened at), in the order of
 * `ids`. Only rows of `organizationId` are returned, whatever ids are asked.
 */
export async function shipSetSummaries(db: Database, organizationId: string, ids: string[]) {
	if (ids.length === 0) return []
	const rows = await db
		.select({
			id: shipSets.id,
			name: shipSets.name,
			reference_number: shipSets.referenceNumber,
			status: shipSets.status,
			title: events.title,
			event_at: events.eventAt,
			timezone_name: events.timezoneName,
			event_type: events.eventType,
			icon_class: nodes.iconClass,
			building_type: nodes.buildingType,
		})
		.from(shipSets)
		.leftJoin(events, eq(events.id, shipSets.lastEventId))
		.leftJoin(nodes, eq(nodes.id, events.nodeId))
		.where(and(eq(shipSets.organizationId, organizationId), inArray(shipSets.id, ids)))
	const byId = new Map(
		rows.map((r) => [
			r.id,
			{
				id: r.id,
				name: r.name,
				reference_number: r.reference_number,
				status: r.status,
				last_status:
					r.title && r.event_at
						? {
								title: r.title,
								event_at: r.event_at.toISOString(),
								timezone_name: r.timezone_name,
								event_type: r.event_type ?? 'info',
								node: r.building_type
									? { icon_class: r.icon_class, building_type: r.building_type }
									: null,
							}
						: null,
			},
		]),
	)
	return ids.flatMap((id) => {
		const row = byId.get(id)
		return row ? [row] : []
	})
}
