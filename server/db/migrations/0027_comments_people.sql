-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
-- A page of an order's comments now carries the people its comments mention (`people`), members of
-- the supply chain by the comments' comment_mentions rows, which every comment is written with
-- (server/api/queries/comments.ts createComment, and the seed). Before, a second statement looked
-- them up after each page: one round trip and one plan more for the Order Comments panel and again
-- for the Comments tab (docs/decisions/0029 §7). Otherwise as migration 0025.
CREATE OR REPLACE FUNCTION waymark_comments_page(p_org uuid, p_ship_set uuid, p_offset integer, p_limit integer) RETURNS json
LANGUAGE plpgsql STABLE
AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM ship_sets WHERE id = p_ship_set AND organization_id = p_org) THEN
		RETURN NULL;
	END IF;
	RETURN (
		WITH page AS (
			SELECT c
			FROM comments c
			WHERE c.ship_set_id = p_ship_set AND c.organization_id = p_org
			ORDER BY c.created_at DESC, c.id DESC
			LIMIT p_limit OFFSET p_offset
		)
		SELECT json_build_object(
			'total_count', (SELECT count(*) FROM comments WHERE ship_set_id = p_ship_set AND organization_id = p_org),
			'rows', coalesce((
				SELECT json_agg(waymark_comment_row(page.c, s) ORDER BY (page.c).created_at DESC, (page.c).id DESC)
				FROM page
				JOIN ship_sets s ON s.id = p_ship_set AND s.organization_id = p_org
			), '[]'::json),
			'people', coalesce((
				SELECT json_agg(json_build_object('id', u.id, 'first_name', u.given_name, 'last_name', u.family_name, 'email', u.email))
				FROM users u
				JOIN memberships m ON m.user_id = u.id AND m.organization_id = p_org
				WHERE u.id IN (SELECT cm.user_id FROM comment_mentions cm WHERE cm.comment_id IN (SELECT (page.c).id FROM page) AND cm.organization_id = p_org)
			), '[]'::json)
		)
	);
END
$$;
