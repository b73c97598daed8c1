import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'

type Executor = Pick<Database, 'execute'>

/**
 * Attribution: where each breach's order was, and who had it, when the breach started —
 * the tracked shipment's own Transit node while that shipment was under way, else the last node of
 * its journey whose first event is at or before the breach's first event (the first node when none
 * is yet), and its custodian: the carrier and tracking number of a Transit
 * node's shipment, else the facility (the node's place, or its building type). The breach's time
 * zone becomes that place's. One statement for the breaches that have none yet: those the
 * ingestion just opened (`breachIds`), or a whole supply chain after the seed.
 */
export async function fillAttribution(
	db: Executor,
	scope: { breachIds: string[] } | { organizationId: string },
): Promise<void> {
	if ('breachIds' in scope && scope.breachIds.length === 0) return
	const which =
		'breachIds' in scope
			? sql`b.id in (${sql.join(
					scope.breachIds.map((id) => sql`${id}::uuid`),
					sql`, `,
				)})`
			: sql`b.organization_id = ${scope.organizationId}`
	await db.execute(sql`
		update breached_orders t set node_id = a.node_id, custodian = a.custodian, timezone = coalesce(a.timezone, t.timezone)
		from (
			select b.id as breach_id, n.id as node_id, l.timezone,
				case when n.building_type in ('Transit', 'Transit Hub') and (c.name is not null or s.tracking_number is not null)
					then concat_ws(' · ', coalesce(c.name, 'Carrier'), s.tracking_number)
					else coalesce(l.name, n.building_type) end as custodian
			from breached_orders b
			join lateral (
				select x.ship_set_id from breached_order_ship_sets x where x.breached_order_id = b.id order by x.created_at, x.ship_set_id limit 1
			) o on true
			left join shipments tracked on tracked.id = b.shipment_id
			join lateral (
				select * from nodes n
				where n.ship_set_id = o.ship_set_id and n.organization_id = b.organization_id
				order by
					-- The tracked shipment's own Transit node while that shipment was under way.
					(n.connectable_id = tracked.id and tracked.shipped_at <= b.first_event_at
						and (tracked.delivered_at is null or tracked.delivered_at > b.first_event_at)) is true desc,
					(n.first_event_at is not null and n.first_event_at <= b.first_event_at) desc,
					case when n.first_event_at <= b.first_event_at then n.first_event_at end desc nulls last,
					n.position, n.position_in_group
				limit 1
			) n on true
			left join locations l on l.id = n.location_id
			left join shipments s on s.id = n.connectable_id and s.organization_id = n.organization_id
			left join carriers c on c.id = s.carrier_id
			where b.node_id is null and ${which}
		) a
		where t.id = a.breach_id`)
}
