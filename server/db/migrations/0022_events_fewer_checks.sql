-- Ingestion at ~10,000 events a second (issue 18, docs/decisions/0019 "Fewer checks a row"). An event no longer
-- checks its supply chain and its order by foreign key: every writer names an order it has just read in the same
-- transaction, of the supply chain it writes for (the ingestion reads them FOR KEY SHARE, the lock the check
-- would take, once per order instead of once per event). The node and shipment keys stay.
ALTER TABLE "events" DROP CONSTRAINT "events_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_ship_set_id_ship_sets_id_fk";
--> statement-breakpoint
-- Deleting an order (or its supply chain, which deletes its orders) still deletes its events, as the key's
-- ON DELETE CASCADE did: once per statement, over the orders it deleted.
CREATE FUNCTION events_ship_sets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM events e USING old_rows o WHERE e.ship_set_id = o.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_ship_sets_delete AFTER DELETE ON ship_sets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION events_ship_sets_deleted();
--> statement-breakpoint
-- The search read model (migration 0015, ADR 0021) when orders are updated. An order whose only change for the
-- search is its latest event (ship_sets.last_event_id: an ingested batch moves it for every order it touches) keeps
-- its rows and their counted keys with another status: those three columns are set from the event directly,
-- instead of reading the seven-join view again (search_rows_refresh). A change of anything else the rows show
-- (name, reference, final location) refreshes them from the view as before, and so does an order without rows.
-- The changed orders are found with EXCEPT (hashed) rather than by joining the transition tables: the planner
-- knows nothing of their sizes and joined them row by row (100 × 100 for a batch of 100 orders).
CREATE OR REPLACE FUNCTION search_rows_ship_sets_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	keyed uuid[];
	moved uuid[];
	latest uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT id FROM new_rows));
		RETURN NULL;
	END IF;
	keyed := ARRAY(
		SELECT id FROM (
			SELECT id, organization_id, name, reference_number, location_id FROM new_rows
			EXCEPT
			SELECT id, organization_id, name, reference_number, location_id FROM old_rows) k);
	SELECT array_agg(m.id), array_agg(m.last_event_id) INTO moved, latest
	FROM (SELECT id, last_event_id FROM new_rows EXCEPT SELECT id, last_event_id FROM old_rows) m
	WHERE m.id <> ALL (keyed);
	IF moved IS NOT NULL THEN
		-- An order without rows yet (a bulk load made with the triggers off) gets them from the view.
		keyed := keyed || ARRAY(SELECT id FROM unnest(moved) AS u(id) WHERE NOT EXISTS (SELECT 1 FROM search_rows r WHERE r.ship_set_id = u.id));
	END IF;
	PERFORM search_rows_refresh(keyed);
	IF moved IS NULL THEN
		RETURN NULL;
	END IF;
	-- These orders' rows are locked by this very update (as search_rows_refresh locks them), so a concurrent
	-- writer of the same order waits, then reads what this transaction committed. The counts of search_rows
	-- (search_counts_update) are left alone: no counted key changes (waymark.search_status_only, below).
	PERFORM set_config('waymark.search_status_only', 'on', true);
	UPDATE search_rows r SET status_name = e.title, status_at = e.event_at, timezone = e.timezone_name
	FROM unnest(moved, latest) AS u(ship_set_id, event_id)
	LEFT JOIN events e ON e.id = u.event_id
	WHERE r.ship_set_id = u.ship_set_id
		AND (r.status_name, r.status_at, r.timezone) IS DISTINCT FROM (e.title, e.event_at, e.timezone_name);
	PERFORM set_config('waymark.search_status_only', 'off', true);
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The counts kept from search_rows' changes (search_counts_apply, migrations 0015 and 0021 and later) skip the
-- status-only update above: it changes no counted key, and their work over the transition tables cost more than
-- the update itself. A condition on the trigger rather than in the function, which later migrations replace.
DROP TRIGGER search_counts_update ON search_rows;
--> statement-breakpoint
CREATE TRIGGER search_counts_update AFTER UPDATE ON search_rows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
	WHEN (current_setting('waymark.search_status_only', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION search_counts_apply();
