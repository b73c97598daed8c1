-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
-- The timeline's statement reads through indexes only (issue 20; docs/decisions/0029 §20). On
-- PGlite, every heap scan's start (a sequential scan, a bitmap scan's heap pass) asks its table's
-- size: an lseek(SEEK_END) that Emscripten's file system answers with an fstat of the real file,
-- 43 system calls for one Comments tab page and about a tenth of the PGlite thread's time on it.
-- Plain index scans ask nothing. Every statement below looks an order's rows up by an indexed key,
-- so the planner's sequential and bitmap scans are switched off inside these functions only (their
-- plans stay cached for the session). The one OR in the timeline, an order's relations in either
-- direction, which only a bitmap scan could answer from its two indexes, becomes one index lookup
-- per direction (the two never overlap: related_ship_sets_not_self refuses an order related to itself).
-- waymark_comments_page (migration 0032) lists the people a page mentions by id: their order was
-- the plan's. Otherwise the functions are as in migrations 0028, 0030 and 0032; the JSON is the same.
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
--> statement-breakpoint

ALTER FUNCTION waymark_nodes(uuid, uuid, uuid[]) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION waymark_nodes(uuid, uuid, uuid[]) SET enable_bitmapscan = off;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_comments_page(p_org uuid, p_ship_set uuid, p_offset integer, p_limit integer) RETURNS json
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
DECLARE
	s ship_sets;
	last_type text;
	total bigint;
	ids uuid[];
	page_rows json;
	people json;
BEGIN
	SELECT * INTO s FROM ship_sets WHERE id = p_ship_set AND organization_id = p_org;
	IF NOT FOUND THEN
		RETURN NULL;
	END IF;
	SELECT count(*) INTO total FROM comments WHERE ship_set_id = p_ship_set AND organization_id = p_org;
	SELECT array_agg(p.id ORDER BY p.created_at DESC, p.id DESC) INTO ids
	FROM (
		SELECT c.id, c.created_at
		FROM comments c
		WHERE c.ship_set_id = p_ship_set AND c.organization_id = p_org
		ORDER BY c.created_at DESC, c.id DESC
		LIMIT p_limit OFFSET p_offset
	) p;
	IF ids IS NULL THEN
		RETURN json_build_object('total_count', total, 'rows', '[]'::json, 'people', '[]'::json);
	END IF;
	SELECT e.event_type INTO last_type FROM events e WHERE e.id = s.last_event_id;
	SELECT json_agg(json_build_object(
		'id', c.id, 'ship_set_id', c.ship_set_id, 'body', c.body, 'node_id', c.node_id,
		'created_at', waymark_iso(c.created_at), 'user_id', c.user_id,
		'author', CASE WHEN u.id IS NOT NULL THEN json_build_object('email', u.email, 'given_name', u.given_name, 'family_name', u.family_name) END,
		'node', CASE WHEN n.id IS NOT NULL THEN json_build_object('icon_class', n.icon_class, 'building_type', n.building_type, 'source', n.source,
			'tracking_number', sh.tracking_number, 'carrier_name', ca.name, 'location_name', l.name) END,
		'ship_set_name', s.name, 'ship_set_reference_number', s.reference_number, 'ship_set_status', s.status,
		'last_event_type', last_type
	) ORDER BY c.created_at DESC, c.id DESC)
	INTO page_rows
	FROM comments c
	LEFT JOIN users u ON u.id = c.user_id
	LEFT JOIN nodes n ON n.id = c.node_id
	LEFT JOIN shipments sh ON sh.id = n.connectable_id
	LEFT JOIN carriers ca ON ca.id = sh.carrier_id
	LEFT JOIN locations l ON l.id = n.location_id
	WHERE c.id = ANY (ids);
	SELECT json_agg(json_build_object('id', u.id, 'first_name', u.given_name, 'last_name', u.family_name, 'email', u.email) ORDER BY u.id)
	INTO people
	FROM users u
	JOIN memberships m ON m.user_id = u.id AND m.organization_id = p_org
	WHERE u.id IN (SELECT cm.user_id FROM comment_mentions cm WHERE cm.comment_id = ANY (ids) AND cm.organization_id = p_org);
	RETURN json_build_object('total_count', total, 'rows', coalesce(page_rows, '[]'::json), 'people', coalesce(people, '[]'::json));
END
$$;
