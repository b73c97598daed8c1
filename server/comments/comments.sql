-- An order's comments as the API lists them (002 §5, §9 "page size 20"): server/api/queries/comments.ts, and
-- the timeline's Order Comments panel and Comments tab (server/api/queries/timeline.ts). Uses waymark_iso
-- (server/timeline/timeline.sql).

-- One comment as JSON: the comment, its author, its node (with the node's shipment carrier and
-- place), its order and the order's last event type. The answer to a new comment and a tagged comment are
-- built by it; a page (below) by joins, with the same keys. Each lookup is a scalar subquery, not a join:
-- planned alone, where eight joined tables made the planner search their join orders.
CREATE OR REPLACE FUNCTION waymark_comment_row(c comments, s ship_sets) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
	SELECT json_build_object(
		'id', c.id, 'ship_set_id', c.ship_set_id, 'body', c.body, 'node_id', c.node_id,
		'created_at', waymark_iso(c.created_at), 'user_id', c.user_id,
		'author', (SELECT json_build_object('email', u.email, 'given_name', u.given_name, 'family_name', u.family_name) FROM users u WHERE u.id = c.user_id),
		'node', (
			SELECT json_build_object('icon_class', n.icon_class, 'building_type', n.building_type, 'source', n.source,
				'tracking_number', sh.tracking_number, 'carrier_name', ca.name, 'location_name', l.name)
			FROM nodes n
			LEFT JOIN shipments sh ON sh.id = n.connectable_id
			LEFT JOIN carriers ca ON ca.id = sh.carrier_id
			LEFT JOIN locations l ON l.id = n.location_id
			WHERE n.id = c.node_id
		),
		'ship_set_name', s.name, 'ship_set_reference_number', s.reference_number, 'ship_set_status', s.status,
		'last_event_type', (SELECT e.event_type FROM events e WHERE e.id = s.last_event_id)
	)
$$;

-- A page of an order's comments, newest first, with their total and the people they mention (members
-- of the supply chain, by comment_mentions); null when the order is not one of the organization's (the
-- caller answers 404). One PL/pgSQL function whose statements are planned once a session
-- (plan_cache_mode = force_generic_plan: equality on indexed keys, the same plan for every order; a custom
-- plan was chosen over the array parameter otherwise), through indexes only, as the timeline's.
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
