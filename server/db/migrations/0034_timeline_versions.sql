-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
-- The timeline's answer kept between its changes (issue 20; docs/decisions/0029 §21). The API keeps an
-- order's answer beside the versions it was read at, and each request asks the database only whether
-- they moved: `waymark_timeline_read` answers the versions alone when they did not, else the versions
-- and the whole answer, read in the same snapshot. A version is set anew, from one sequence, by
-- statement triggers on every table the timeline's functions read (waymark_timeline,
-- waymark_nodes, waymark_comments_page), in the transaction of the write: on an order's own rows
-- (ship_set_id), its order's; on the reference rows a timeline shows by name (locations, carriers,
-- tags, people…), an update that changes what is shown sets its organization's (or every
-- organization's, for the shared lists). An insert of a reference row changes no answer until an
-- order's row points at it, which sets that order's. Every writer (the API, ingestion, the seed, a
-- hand-run UPDATE) keeps the versions true without calling anything.
-- When you add a table or a column to what these functions read, add it here too: the API test
-- "a write to each table the timeline reads shows at once" (tests/api/timeline-versions.test.ts)
-- lists them.

CREATE TABLE "timeline_versions" (
	"scope_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"written_by" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "nodes_tracking_group_idx" ON "nodes" USING btree ("tracking_group_id") WHERE "nodes"."tracking_group_id" is not null;
--> statement-breakpoint
CREATE SEQUENCE timeline_versions_seq;
--> statement-breakpoint
-- Sets a new version on each scope (an order or an organization id), in id order (two writers
-- setting the same scopes queue in the same order). A scope this transaction has set already keeps
-- that version (`written_by`, the transaction's 64-bit id, never reused): no reader can have seen it
-- before the commit, and a batch that writes an order's events, nodes, shipments and row sets its
-- version once.
CREATE FUNCTION waymark_timeline_touch(p_ids uuid[]) RETURNS void
LANGUAGE sql
AS $$
	INSERT INTO timeline_versions AS t (scope_id, version, written_by)
	SELECT x.id, nextval('timeline_versions_seq'), pg_current_xact_id()::text::bigint
	FROM (SELECT DISTINCT id FROM unnest(p_ids) AS u(id) WHERE id IS NOT NULL ORDER BY id) x
	ON CONFLICT (scope_id) DO UPDATE SET version = excluded.version, written_by = excluded.written_by
	WHERE t.written_by <> excluded.written_by
$$;
--> statement-breakpoint
-- An order's own rows (a table with ship_set_id): the orders of the rows written.
CREATE FUNCTION waymark_timeline_rows_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM waymark_timeline_touch(ARRAY(SELECT ship_set_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM waymark_timeline_touch(ARRAY(SELECT ship_set_id FROM old_rows));
	ELSE
		PERFORM waymark_timeline_touch(ARRAY(SELECT ship_set_id FROM new_rows UNION SELECT ship_set_id FROM old_rows));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- An order itself (a new order needs none: no answer of it is kept yet); a renamed order also changes
-- the related orders' lists that name it. A deleted order's version goes with it.
CREATE FUNCTION waymark_timeline_ship_sets_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		DELETE FROM timeline_versions WHERE scope_id IN (SELECT id FROM old_rows);
		RETURN NULL;
	END IF;
	PERFORM waymark_timeline_touch(ARRAY(
		SELECT id FROM new_rows
		UNION
		SELECT r.related_ship_set_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN related_ship_sets r ON r.ship_set_id = n.id WHERE n.name IS DISTINCT FROM o.name
		UNION
		SELECT r.ship_set_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN related_ship_sets r ON r.related_ship_set_id = n.id WHERE n.name IS DISTINCT FROM o.name));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A relation is shown on both of its orders.
CREATE FUNCTION waymark_timeline_relations_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM waymark_timeline_touch(ARRAY(SELECT ship_set_id FROM new_rows UNION SELECT related_ship_set_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM waymark_timeline_touch(ARRAY(SELECT ship_set_id FROM old_rows UNION SELECT related_ship_set_id FROM old_rows));
	ELSE
		PERFORM waymark_timeline_touch(ARRAY(
			SELECT ship_set_id FROM new_rows UNION SELECT related_ship_set_id FROM new_rows
			UNION SELECT ship_set_id FROM old_rows UNION SELECT related_ship_set_id FROM old_rows));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A mention (written with its comment) lists its person on the comment's order.
CREATE FUNCTION waymark_timeline_mentions_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM waymark_timeline_touch(ARRAY(SELECT c.ship_set_id FROM new_rows m JOIN comments c ON c.id = m.comment_id));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM waymark_timeline_touch(ARRAY(SELECT c.ship_set_id FROM old_rows m JOIN comments c ON c.id = m.comment_id));
	ELSE
		PERFORM waymark_timeline_touch(ARRAY(
			SELECT c.ship_set_id FROM new_rows m JOIN comments c ON c.id = m.comment_id
			UNION SELECT c.ship_set_id FROM old_rows m JOIN comments c ON c.id = m.comment_id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Readings: a node says whether its tracking group has any and of which measurement types. Only a
-- pair (group, type) the statement adds or removes changes that, so the common write, more readings
-- for a pair that has some, sets nothing: one probe of the readings' primary key per pair.
CREATE FUNCTION waymark_timeline_readings_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM waymark_timeline_touch(ARRAY(
			SELECT n.ship_set_id
			FROM (SELECT tracking_group_id, measurement_type_id, count(*) AS added FROM new_rows GROUP BY 1, 2) p
			JOIN nodes n ON n.tracking_group_id = p.tracking_group_id
			WHERE (SELECT count(*) FROM (
				SELECT 1 FROM measurements m WHERE m.tracking_group_id = p.tracking_group_id AND m.measurement_type_id = p.measurement_type_id LIMIT p.added + 1) x) = p.added));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM waymark_timeline_touch(ARRAY(
			SELECT n.ship_set_id
			FROM (SELECT DISTINCT tracking_group_id, measurement_type_id FROM old_rows) p
			JOIN nodes n ON n.tracking_group_id = p.tracking_group_id
			WHERE NOT EXISTS (SELECT 1 FROM measurements m WHERE m.tracking_group_id = p.tracking_group_id AND m.measurement_type_id = p.measurement_type_id)));
	ELSE
		PERFORM waymark_timeline_touch(ARRAY(
			SELECT n.ship_set_id
			FROM (SELECT tracking_group_id FROM new_rows UNION SELECT tracking_group_id FROM old_rows) p
			JOIN nodes n ON n.tracking_group_id = p.tracking_group_id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A reference row a timeline shows by name changed what is shown of it: its organization's version
-- (locations, carriers, tags, custom attribute and document types), or every organization's for a
-- row of none (a shared document type; conveyance and measurement types, shared lists). The row is
-- compared as JSON without its bookkeeping (created_at, updated_at), so that a write which changes
-- nothing shown sets nothing. A deleted row that orders still point at is cleared from their rows
-- by its foreign keys, whose writes set those orders' versions; an inserted one is not shown yet.
CREATE FUNCTION waymark_timeline_reference_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM waymark_timeline_touch(ARRAY(
		WITH changed AS (
			SELECT (to_jsonb(n) ->> 'organization_id')::uuid AS org
			FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE to_jsonb(n) - 'created_at' - 'updated_at' IS DISTINCT FROM to_jsonb(o) - 'created_at' - 'updated_at'
		)
		SELECT org FROM changed WHERE org IS NOT NULL
		UNION
		SELECT g.id FROM organizations g WHERE EXISTS (SELECT 1 FROM changed WHERE org IS NULL)));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A person's name or e-mail (a comment's author, a mentioned person): the organizations they are a
-- member of.
CREATE FUNCTION waymark_timeline_users_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM waymark_timeline_touch(ARRAY(
		SELECT m.organization_id
		FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN memberships m ON m.user_id = n.id
		WHERE (n.email, n.given_name, n.family_name) IS DISTINCT FROM (o.email, o.given_name, o.family_name)));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A membership: who a comment page may list as mentioned.
CREATE FUNCTION waymark_timeline_memberships_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM waymark_timeline_touch(ARRAY(SELECT organization_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM waymark_timeline_touch(ARRAY(SELECT organization_id FROM old_rows));
	ELSE
		-- A membership moved to another person or organization: both organizations'.
		PERFORM waymark_timeline_touch(ARRAY(
			SELECT unnest(ARRAY[n.organization_id, o.organization_id])
			FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE (n.user_id, n.organization_id) IS DISTINCT FROM (o.user_id, o.organization_id)));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER timeline_follows_insert AFTER INSERT ON follows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_follows_update AFTER UPDATE ON follows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_follows_delete AFTER DELETE ON follows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_notification_preferences_insert AFTER INSERT ON notification_preferences REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_notification_preferences_update AFTER UPDATE ON notification_preferences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_notification_preferences_delete AFTER DELETE ON notification_preferences REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_nodes_insert AFTER INSERT ON nodes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_nodes_update AFTER UPDATE ON nodes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_nodes_delete AFTER DELETE ON nodes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_events_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_events_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_events_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_shipments_insert AFTER INSERT ON shipments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_shipments_update AFTER UPDATE ON shipments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_shipments_delete AFTER DELETE ON shipments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_ship_set_tags_insert AFTER INSERT ON ship_set_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_ship_set_tags_update AFTER UPDATE ON ship_set_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_ship_set_tags_delete AFTER DELETE ON ship_set_tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_custom_attributes_insert AFTER INSERT ON custom_attributes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_custom_attributes_update AFTER UPDATE ON custom_attributes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_custom_attributes_delete AFTER DELETE ON custom_attributes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_documents_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_documents_update AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_documents_delete AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_photos_insert AFTER INSERT ON photos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_photos_update AFTER UPDATE ON photos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_photos_delete AFTER DELETE ON photos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_comments_insert AFTER INSERT ON comments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_comments_update AFTER UPDATE ON comments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_comments_delete AFTER DELETE ON comments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_rows_written();
--> statement-breakpoint
CREATE TRIGGER timeline_ship_sets_update AFTER UPDATE ON ship_sets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_ship_sets_written();
--> statement-breakpoint
CREATE TRIGGER timeline_ship_sets_delete AFTER DELETE ON ship_sets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_ship_sets_written();
--> statement-breakpoint
CREATE TRIGGER timeline_related_ship_sets_insert AFTER INSERT ON related_ship_sets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_relations_written();
--> statement-breakpoint
CREATE TRIGGER timeline_related_ship_sets_update AFTER UPDATE ON related_ship_sets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_relations_written();
--> statement-breakpoint
CREATE TRIGGER timeline_related_ship_sets_delete AFTER DELETE ON related_ship_sets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_relations_written();
--> statement-breakpoint
CREATE TRIGGER timeline_comment_mentions_insert AFTER INSERT ON comment_mentions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_mentions_written();
--> statement-breakpoint
CREATE TRIGGER timeline_comment_mentions_update AFTER UPDATE ON comment_mentions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_mentions_written();
--> statement-breakpoint
CREATE TRIGGER timeline_comment_mentions_delete AFTER DELETE ON comment_mentions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_mentions_written();
--> statement-breakpoint
CREATE TRIGGER timeline_measurements_insert AFTER INSERT ON measurements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_readings_written();
--> statement-breakpoint
CREATE TRIGGER timeline_measurements_update AFTER UPDATE ON measurements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_readings_written();
--> statement-breakpoint
CREATE TRIGGER timeline_measurements_delete AFTER DELETE ON measurements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_readings_written();
--> statement-breakpoint
CREATE TRIGGER timeline_locations_update AFTER UPDATE ON locations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_reference_written();
--> statement-breakpoint
CREATE TRIGGER timeline_carriers_update AFTER UPDATE ON carriers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_reference_written();
--> statement-breakpoint
CREATE TRIGGER timeline_tags_update AFTER UPDATE ON tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_reference_written();
--> statement-breakpoint
CREATE TRIGGER timeline_custom_attribute_types_update AFTER UPDATE ON custom_attribute_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_reference_written();
--> statement-breakpoint
CREATE TRIGGER timeline_document_types_update AFTER UPDATE ON document_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_reference_written();
--> statement-breakpoint
CREATE TRIGGER timeline_conveyance_types_update AFTER UPDATE ON conveyance_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_reference_written();
--> statement-breakpoint
CREATE TRIGGER timeline_measurement_types_update AFTER UPDATE ON measurement_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_reference_written();
--> statement-breakpoint
CREATE TRIGGER timeline_users_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_users_written();
--> statement-breakpoint
CREATE TRIGGER timeline_memberships_insert AFTER INSERT ON memberships REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_memberships_written();
--> statement-breakpoint
CREATE TRIGGER timeline_memberships_update AFTER UPDATE ON memberships REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_memberships_written();
--> statement-breakpoint
CREATE TRIGGER timeline_memberships_delete AFTER DELETE ON memberships REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_timeline_memberships_written();
--> statement-breakpoint
-- The timeline's read: the order's versions ('order.organization'), and, unless they are the ones
-- the caller already has (p_known), the order's timeline and its newest comments as
-- waymark_timeline and waymark_comments_page answer them, from the same snapshot as the versions.
-- No row: no such order in the organization.
CREATE FUNCTION waymark_timeline_read(p_org uuid, p_user uuid, p_id uuid, p_comments integer, p_known text)
RETURNS TABLE (version text, ship_set json, comments json)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
DECLARE
	v text;
BEGIN
	SELECT coalesce(ov.version, 0)::text || '.' || coalesce(gv.version, 0)::text INTO v
	FROM ship_sets s
	LEFT JOIN timeline_versions ov ON ov.scope_id = s.id
	LEFT JOIN timeline_versions gv ON gv.scope_id = p_org
	WHERE s.id = p_id AND s.organization_id = p_org;
	IF v IS NULL THEN
		RETURN;
	END IF;
	IF v = p_known THEN
		RETURN QUERY SELECT v, NULL::json, NULL::json;
	ELSE
		RETURN QUERY SELECT v, waymark_timeline(p_org, p_user, p_id),
			CASE WHEN p_comments > 0 THEN waymark_comments_page(p_org, p_id, 0, p_comments) END;
	END IF;
END
$$;
