-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
-- An order's comments as the API lists them (002 §5, §9 "page size 20"), for the same reason as
-- migration 0024's timeline: PL/pgSQL keeps its statements' plans for the session (PGlite's query
-- API has none), and a timeline request reads comments twice (the Order Comments panel's latest
-- and, on the Comments tab, the page). docs/decisions/0029 §7.

-- One comment as JSON: the comment, its author, its node (with the node's shipment carrier and
-- place), its order and the order's last event type. The ONE definition of a comment row: the
-- page function below and server/api/queries/comments.ts (one comment, tagged comments) read it.
-- Each lookup is a scalar subquery, not a join: planned alone, where eight joined tables made the
-- planner search their join orders for milliseconds.
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
--> statement-breakpoint

-- A page of an order's comments, newest first, with their total; null when the order is not one of
-- the supply chain's (the caller answers 404, as for an unknown order).
CREATE OR REPLACE FUNCTION waymark_comments_page(p_org uuid, p_ship_set uuid, p_offset integer, p_limit integer) RETURNS json
LANGUAGE plpgsql STABLE
AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM ship_sets WHERE id = p_ship_set AND organization_id = p_org) THEN
		RETURN NULL;
	END IF;
	RETURN json_build_object(
		'total_count', (SELECT count(*) FROM comments WHERE ship_set_id = p_ship_set AND organization_id = p_org),
		'rows', coalesce((
			SELECT json_agg(waymark_comment_row(page.c, s) ORDER BY (page.c).created_at DESC, (page.c).id DESC)
			FROM (
				SELECT c
				FROM comments c
				WHERE c.ship_set_id = p_ship_set AND c.organization_id = p_org
				ORDER BY c.created_at DESC, c.id DESC
				LIMIT p_limit OFFSET p_offset
			) page
			JOIN ship_sets s ON s.id = p_ship_set AND s.organization_id = p_org
		), '[]'::json)
	);
END
$$;
