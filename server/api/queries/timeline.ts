import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { recentlyViewed, shipSets } from '../../db/schema'
import type { TimelineResponse } from '../../contracts/timeline'

type ShipSet = TimelineResponse['ship_set']

/** A timestamp as the wire writes it (`Date.prototype.toISOString`: UTC, milliseconds, 'Z'), or null. */
const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** A joined location (alias `l`) as the wire's place, or null when there is none (002 §3 "Location"). */
const placeOf = (l: string) =>
	sql.raw(`case when ${l}.id is null then null else json_build_object(
		'name', ${l}.name, 'street1', ${l}.street1, 'street2', ${l}.street2, 'city', ${l}.city, 'state', ${l}.state,
		'postal_code', ${l}.postal_code, 'country', ${l}.country, 'latitude', ${l}.latitude, 'longitude', ${l}.longitude,
		'timezone', ${l}.timezone) end`)

/**
 * One order's timeline for a signed-in caller (002 §3, §7 "GET {api}/ship_sets/{id}/timeline"),
 * in ONE statement: the order's row with each of its lists (nodes, events, shipments, tags,
 * custom attributes, the first documents and photos, related orders) and counts as JSON built by
 * the database in the wire's own shape. Each statement has a fixed cost on PGlite (parse, plan,
 * the wire protocol through WebAssembly, drizzle's building and mapping); the ten statements this
 * used to be were a large part of what a timeline page cost to serve (issue 20, docs/decisions/0029).
 * Every list is scoped by the caller's organization: another tenant's id reads as not found.
 */
export async function timeline(db: Database, organizationId: string, userId: string, shipSetId: string): Promise<ShipSet | null> {
	const org = organizationId
	const { rows } = await db.execute<ShipSet & Record<string, unknown>>(sql`
		select
			s.id, s.name, s.reference_number, s.status,
			${placeOf('l')} as location,
			${isoOf(sql`s.promise_date`)} as promise_date,
			(s.status = 'delivered' or s.delivered_at is not null) as delivered,
			${isoOf(sql`s.delivered_at`)} as delivered_at,
			s.delivered_at_timezone_name,
			${isoOf(sql`s.shipment_delivery_date`)} as shipment_delivery_date,
			s.shipment_delivery_date_timezone, s.shipment_delivery_status, s.days_before,
			exists (select 1 from follows f where f.user_id = ${userId} and f.ship_set_id = s.id and f.organization_id = ${org}) as following,
			coalesce((
				select json_agg(json_build_object(
					'id', n.id, 'building_type', n.building_type, 'last_event_at', ${isoOf(sql`n.last_event_at`)},
					'icon_class', n.icon_class, 'source', n.source, 'final_mile', n.final_mile,
					'with_exception_event', n.with_exception_event, 'connectable_id', n.connectable_id,
					'tracking_group_id', n.tracking_group_id,
					-- 002 §4: the Tracker tab is "hidden when no tracking group is selected or no data exists": one index probe.
					'has_sensor_data', (n.tracking_group_id is not null and exists (select 1 from measurements m where m.tracking_group_id = n.tracking_group_id)),
					-- 002 §2: the stream view filters by the measurement types with readings: one probe per type.
					'measurement_types', coalesce((
						select json_agg(json_build_object('code', mt.code, 'name', mt.name) order by mt.name)
						from measurement_types mt
						where n.tracking_group_id is not null
							and exists (select 1 from measurements m where m.tracking_group_id = n.tracking_group_id and m.measurement_type_id = mt.id)
					), '[]'::json),
					'position', n.position, 'position_in_group', n.position_in_group,
					'location', ${placeOf('nl')},
					'damage_category', n.damage_category, 'damage_notes', n.damage_notes
				) order by n.position, n.position_in_group, n.id)
				from nodes n left join locations nl on nl.id = n.location_id
				where n.ship_set_id = s.id and n.organization_id = ${org}
			), '[]'::json) as nodes,
			coalesce((
				select json_agg(json_build_object(
					'id', e.id, 'node_id', e.node_id, 'title', e.title, 'summary', e.summary,
					'event_at', ${isoOf(sql`e.event_at`)}, 'timezone_name', e.timezone_name, 'event_type', e.event_type,
					'stale_at', ${isoOf(sql`e.stale_at`)}, 'blockchain_verified', e.blockchain_verified, 'location_at', e.location_at
				) order by e.event_at desc, e.id)
				from events e
				where e.ship_set_id = s.id and e.organization_id = ${org}
			), '[]'::json) as events,
			coalesce((
				select json_agg(json_build_object(
					'id', sh.id, 'tracking_number', sh.tracking_number, 'status', sh.status,
					'manually_created', sh.manually_created, 'final_mile', sh.final_mile,
					'carrier', case when c.name is null then null else json_build_object('name', c.name, 'conveyance_type', lower(coalesce(ct.name, 'air'))) end,
					'shipper', ${placeOf('shipper')},
					'consignee', ${placeOf('consignee')}
				) order by sh.created_at, sh.id)
				from shipments sh
				left join locations shipper on shipper.id = sh.shipper_location_id
				left join locations consignee on consignee.id = sh.consignee_location_id
				left join carriers c on c.id = sh.carrier_id
				left join conveyance_types ct on ct.id = c.conveyance_type_id
				where sh.ship_set_id = s.id and sh.organization_id = ${org}
			), '[]'::json) as shipments,
			coalesce((
				select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
				from ship_set_tags st join tags t on t.id = st.tag_id
				where st.ship_set_id = s.id and st.organization_id = ${org}
			), '[]'::json) as tags,
			coalesce((
				select json_agg(json_build_object('id', ca.id, 'name', cat.name, 'value', ca.value, 'data_type', cat.data_type) order by cat.name, ca.id)
				from custom_attributes ca join custom_attribute_types cat on cat.id = ca.custom_attribute_type_id
				where ca.ship_set_id = s.id and ca.organization_id = ${org}
			), '[]'::json) as custom_attributes,
			json_build_object(
				'total_count', (select count(*) from documents d where d.ship_set_id = s.id and d.organization_id = ${org}),
				'files', coalesce((
					select json_agg(json_build_object(
						'id', d.id, 'file_file_name', d.file_file_name, 'file_content_type', d.file_content_type,
						'document_type', case when dt.name is null or dt.code is null then null else json_build_object('name', dt.name, 'code', dt.code) end,
						'other_document_type', d.other_document_type, 'blockchain_verified', d.blockchain_verified,
						'created_at', ${isoOf(sql`d.created_at`)}
					) order by d.created_at desc, d.id)
					from (select * from documents where ship_set_id = s.id and organization_id = ${org} order by created_at desc, id limit 5) d
					left join document_types dt on dt.id = d.document_type_id
				), '[]'::json)
			) as documents,
			json_build_object(
				'total_count', (select count(*) from photos p where p.ship_set_id = s.id and p.organization_id = ${org}),
				'files', coalesce((
					select json_agg(json_build_object('id', p.id, 'image_file_name', p.image_file_name, 'notes', p.notes, 'updated_at', ${isoOf(sql`p.updated_at`)}) order by p.created_at desc, p.id)
					from (select * from photos where ship_set_id = s.id and organization_id = ${org} order by created_at desc, id limit 30) p
				), '[]'::json)
			) as photos,
			json_build_object('total_count', (select count(*) from comments cm where cm.ship_set_id = s.id and cm.organization_id = ${org})) as comments,
			json_build_object(
				'total_count', (select count(*) from related_ship_sets r where r.organization_id = ${org} and (r.ship_set_id = s.id or r.related_ship_set_id = s.id)),
				'items', coalesce((
					select json_agg(json_build_object('id', x.id, 'ship_set_id', x.other, 'ship_set_name', x.name) order by x.name, x.id)
					from (
						select r.id, o.id as other, o.name
						from related_ship_sets r
						join ship_sets o on o.id = case when r.ship_set_id = s.id then r.related_ship_set_id else r.ship_set_id end
						where r.organization_id = ${org} and o.organization_id = ${org} and (r.ship_set_id = s.id or r.related_ship_set_id = s.id)
						order by o.name, r.id
						limit 5
					) x
				), '[]'::json)
			) as related_ship_sets
		from ship_sets s
		left join locations l on l.id = s.location_id
		where s.id = ${shipSetId} and s.organization_id = ${org}
	`)
	const order = rows[0]
	if (!order) return null
	const counted = <T extends { total_count: number | string }>(part: T) => ({ ...part, total_count: Number(part.total_count) })
	return {
		...order,
		// "Multiple Delivery Statuses" counts the final-mile shipping methods (002 §4), in shipment order.
		final_miles_with_shipping_method: [...new Set(order.shipments.filter((sh) => sh.final_mile).map((sh) => sh.carrier?.name ?? 'Unknown carrier'))],
		documents: counted(order.documents),
		photos: counted(order.photos),
		comments: counted(order.comments),
		related_ship_sets: counted(order.related_ship_sets),
	}
}

/**
 * A visit to a timeline records it as recently viewed by the caller (one row per user and
 * order, its time moved forward on each visit). False when the order is not one of the
 * caller's supply chain: nothing is written.
 */
export async function recordView(db: Database, organizationId: string, userId: string, shipSetId: string): Promise<boolean> {
	const [order] = await db
		.select({ id: shipSets.id })
		.from(shipSets)
		.where(and(eq(shipSets.id, shipSetId), eq(shipSets.organizationId, organizationId)))
	if (!order) return false
	const now = new Date()
	await db
		.insert(recentlyViewed)
		.values({ organizationId, userId, shipSetId, viewedAt: now })
		.onConflictDoUpdate({
			target: [recentlyViewed.userId, recentlyViewed.shipSetId],
			set: { viewedAt: now, updatedAt: sql`now()` },
		})
	return true
}
