-- The order timeline's read (002 §3, §7 "GET {api}/ship_sets/{id}/timeline"): server/api/queries/timeline.ts
-- calls waymark_timeline, server/api/queries/order-details.ts waymark_nodes and waymark_event. PL/pgSQL
-- prepares a function's statements once per session and keeps their plans, where a statement sent by the
-- application is planned on every call (PGlite's query API has no named prepared statements); planning
-- the timeline's statement cost several times running it (docs/decisions/0029 §7). Every list is scoped by
-- the caller's organization. The wire's shape is TimelineResponse's ship_set (server/contracts/timeline.ts)
-- less final_miles_with_shipping_method, which the caller adds.
--
-- Every statement here looks an order's rows up by an indexed key, so waymark_timeline and waymark_nodes
-- switch the planner's sequential and bitmap scans off (ADR 0029 §20): on PGlite each heap scan's start
-- asks the file system for the table's size. A statement added here must use an index.

-- A timestamp as the wire writes it (JavaScript's toISOString: UTC, milliseconds, 'Z'), or null.
CREATE OR REPLACE FUNCTION waymark_iso(at timestamptz) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$ SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- A location as the wire's place (002 §3 "Location"); null for no location (an outer join's
-- missing row). One expression, so that the planner writes it into the calling statement.
CREATE OR REPLACE FUNCTION waymark_place(l locations) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
	SELECT CASE WHEN l.id IS NULL THEN NULL ELSE json_build_object(
		'name', l.name, 'street1', l.street1, 'street2', l.street2, 'city', l.city, 'state', l.state,
		'postal_code', l.postal_code, 'country', l.country, 'latitude', l.latitude, 'longitude', l.longitude,
		'timezone', l.timezone) END
$$;

-- An event on the wire (002 §3 "Event").
CREATE OR REPLACE FUNCTION waymark_event(e events) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
	SELECT json_build_object(
		'id', e.id, 'node_id', e.node_id, 'title', e.title, 'summary', e.summary,
		'event_at', waymark_iso(e.event_at), 'timezone_name', e.timezone_name, 'event_type', e.event_type,
		'stale_at', waymark_iso(e.stale_at), 'blockchain_verified', e.blockchain_verified, 'location_at', e.location_at)
$$;

-- An order's nodes (all, or those in p_ids) in journey order, each with its place (002 §3 "Node"):
-- the timeline and the per-node reads select these. PL/pgSQL, called once per read: its statement's plan is
-- kept for the session (a function per node cost more: the readings' subqueries keep a SQL function from
-- being written into the caller).
CREATE OR REPLACE FUNCTION waymark_nodes(p_org uuid, p_ship_set uuid, p_ids uuid[]) RETURNS json
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
BEGIN
	RETURN coalesce((
		SELECT json_agg(json_build_object(
			'id', n.id, 'building_type', n.building_type, 'last_event_at', waymark_iso(n.last_event_at),
			'icon_class', n.icon_class, 'source', n.source, 'final_mile', n.final_mile,
			'with_exception_event', n.with_exception_event, 'connectable_id', n.connectable_id,
			'tracking_group_id', n.tracking_group_id,
			-- 002 §4: the Tracker tab is "hidden when no tracking group is selected or no data exists": one index probe.
			'has_sensor_data', (n.tracking_group_id IS NOT NULL AND EXISTS (SELECT 1 FROM measurements m WHERE m.tracking_group_id = n.tracking_group_id)),
			-- 002 §2: the stream view filters by the measurement types with readings: one probe per type.
			'measurement_types', coalesce((
				SELECT json_agg(json_build_object('code', mt.code, 'name', mt.name) ORDER BY mt.name)
				FROM measurement_types mt
				WHERE n.tracking_group_id IS NOT NULL
					AND EXISTS (SELECT 1 FROM measurements m WHERE m.tracking_group_id = n.tracking_group_id AND m.measurement_type_id = mt.id)
			), '[]'::json),
			'position', n.position, 'position_in_group', n.position_in_group,
			'location', waymark_place(nl),
			'damage_category', n.damage_category, 'damage_notes', n.damage_notes
		) ORDER BY n.position, n.position_in_group, n.id)
		FROM nodes n LEFT JOIN locations nl ON nl.id = n.location_id
		WHERE n.ship_set_id = p_ship_set AND n.organization_id = p_org AND (p_ids IS NULL OR n.id = ANY (p_ids))
	), '[]'::json);
END
$$;

-- The order with each of its lists, counts, and the caller's follow and notification settings, as
-- JSON; null when the order is not one of the organization's. An order's relations in either direction are
-- read as one index lookup per direction (an OR of the two needs a bitmap scan; the two never overlap:
-- related_ship_sets_not_self refuses an order related to itself).
CREATE OR REPLACE FUNCTION waymark_timeline(p_org uuid, p_user uuid, p_id uuid) RETURNS json
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
BEGIN
	RETURN (
		SELECT json_build_object(
			'id', s.id, 'name', s.name, 'reference_number', s.reference_number, 'status', s.status,
			'location', waymark_place(l),
			'promise_date', waymark_iso(s.promise_date),
			'delivered', (s.status = 'delivered' OR s.delivered_at IS NOT NULL),
			'delivered_at', waymark_iso(s.delivered_at),
			'delivered_at_timezone_name', s.delivered_at_timezone_name,
			'shipment_delivery_date', waymark_iso(s.shipment_delivery_date),
			'shipment_delivery_date_timezone', s.shipment_delivery_date_timezone,
			'shipment_delivery_status', s.shipment_delivery_status,
			'days_before', s.days_before,
			'following', EXISTS (SELECT 1 FROM follows f WHERE f.user_id = p_user AND f.ship_set_id = s.id AND f.organization_id = p_org),
			-- The caller's saved notification settings for the order (002 §4 "Notifications"), null when none.
			'notification', (
				SELECT json_build_object('notif_type', np.notif_type, 'nodes', np.nodes, 'comments', np.comments, 'promise_date', np.promise_date)
				FROM notification_preferences np
				WHERE np.ship_set_id = s.id AND np.user_id = p_user AND np.organization_id = p_org
			),
			'nodes', waymark_nodes(p_org, s.id, NULL),
			'events', coalesce((
				SELECT json_agg(waymark_event(e) ORDER BY e.event_at DESC, e.id)
				FROM events e
				WHERE e.ship_set_id = s.id AND e.organization_id = p_org
			), '[]'::json),
			'shipments', coalesce((
				SELECT json_agg(json_build_object(
					'id', sh.id, 'tracking_number', sh.tracking_number, 'status', sh.status,
					'manually_created', sh.manually_created, 'final_mile', sh.final_mile,
					'carrier', (
						SELECT json_build_object('name', c.name, 'conveyance_type', lower(coalesce(ct.name, 'air')))
						FROM carriers c LEFT JOIN conveyance_types ct ON ct.id = c.conveyance_type_id
						WHERE c.id = sh.carrier_id
					),
					'shipper', (SELECT waymark_place(x) FROM locations x WHERE x.id = sh.shipper_location_id),
					'consignee', (SELECT waymark_place(x) FROM locations x WHERE x.id = sh.consignee_location_id)
				) ORDER BY sh.created_at, sh.id)
				FROM shipments sh
				WHERE sh.ship_set_id = s.id AND sh.organization_id = p_org
			), '[]'::json),
			'tags', coalesce((
				SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name)
				FROM ship_set_tags st JOIN tags t ON t.id = st.tag_id
				WHERE st.ship_set_id = s.id AND st.organization_id = p_org
			), '[]'::json),
			'custom_attributes', coalesce((
				SELECT json_agg(json_build_object('id', ca.id, 'name', cat.name, 'value', ca.value, 'data_type', cat.data_type) ORDER BY cat.name, ca.id)
				FROM custom_attributes ca JOIN custom_attribute_types cat ON cat.id = ca.custom_attribute_type_id
				WHERE ca.ship_set_id = s.id AND ca.organization_id = p_org
			), '[]'::json),
			'documents', json_build_object(
				'total_count', (SELECT count(*) FROM documents d WHERE d.ship_set_id = s.id AND d.organization_id = p_org),
				'files', coalesce((
					SELECT json_agg(json_build_object(
						'id', d.id, 'file_file_name', d.file_file_name, 'file_content_type', d.file_content_type,
						'document_type', CASE WHEN dt.name IS NULL OR dt.code IS NULL THEN NULL ELSE json_build_object('name', dt.name, 'code', dt.code) END,
						'other_document_type', d.other_document_type, 'blockchain_verified', d.blockchain_verified,
						'created_at', waymark_iso(d.created_at)
					) ORDER BY d.created_at DESC, d.id)
					FROM (SELECT * FROM documents WHERE ship_set_id = s.id AND organization_id = p_org ORDER BY created_at DESC, id LIMIT 5) d
					LEFT JOIN document_types dt ON dt.id = d.document_type_id
				), '[]'::json)
			),
			'photos', json_build_object(
				'total_count', (SELECT count(*) FROM photos p WHERE p.ship_set_id = s.id AND p.organization_id = p_org),
				'files', coalesce((
					SELECT json_agg(json_build_object('id', p.id, 'image_file_name', p.image_file_name, 'notes', p.notes, 'updated_at', waymark_iso(p.updated_at)) ORDER BY p.created_at DESC, p.id)
					FROM (SELECT * FROM photos WHERE ship_set_id = s.id AND organization_id = p_org ORDER BY created_at DESC, id LIMIT 30) p
				), '[]'::json)
			),
			'comments', json_build_object('total_count', (SELECT count(*) FROM comments cm WHERE cm.ship_set_id = s.id AND cm.organization_id = p_org)),
			-- Each direction of a relation by its own index (an OR of the two needs a bitmap scan).
			'related_ship_sets', json_build_object(
				'total_count',
					(SELECT count(*) FROM related_ship_sets r WHERE r.ship_set_id = s.id AND r.organization_id = p_org)
					+ (SELECT count(*) FROM related_ship_sets r WHERE r.related_ship_set_id = s.id AND r.organization_id = p_org),
				'items', coalesce((
					SELECT json_agg(json_build_object('id', x.id, 'ship_set_id', x.other, 'ship_set_name', x.name) ORDER BY x.name, x.id)
					FROM (
						SELECT r.id, o.id AS other, o.name
						FROM related_ship_sets r JOIN ship_sets o ON o.id = r.related_ship_set_id
						WHERE r.ship_set_id = s.id AND r.organization_id = p_org AND o.organization_id = p_org
						UNION ALL
						SELECT r.id, o.id AS other, o.name
						FROM related_ship_sets r JOIN ship_sets o ON o.id = r.ship_set_id
						WHERE r.related_ship_set_id = s.id AND r.organization_id = p_org AND o.organization_id = p_org
						ORDER BY name, id
						LIMIT 5
					) x
				), '[]'::json)
			)
		)
		FROM ship_sets s
		LEFT JOIN locations l ON l.id = s.location_id
		WHERE s.id = p_id AND s.organization_id = p_org
	);
END
$$;
