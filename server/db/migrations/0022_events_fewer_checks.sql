-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
-- Ingestion at ~10,000 events a second (issue 18, docs/decisions/0019 "Fewer checks a row"). An event checks no
-- foreign key: the ingestion, its only writer, names an order, node, shipment and issue type it has just read or
-- made in the same transaction, of the supply chain it writes for; the orders and shipments it reads FOR KEY SHARE
-- (server/ingest/check.ts), the lock each key's check took, once per order or shipment instead of once per event.
ALTER TABLE "events" DROP CONSTRAINT "events_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_ship_set_id_ship_sets_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_node_id_nodes_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_shipment_id_shipments_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_substatus_type_id_substatus_types_id_fk";
--> statement-breakpoint
-- What the keys did on a delete, once per statement over the rows it deleted: deleting an order (or its supply
-- chain, which deletes its orders) or a node deletes their events (ON DELETE CASCADE); deleting a shipment or an
-- issue type clears it from its events (ON DELETE SET NULL).
CREATE FUNCTION events_parent_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'ship_sets' THEN
		DELETE FROM events e USING old_rows o WHERE e.ship_set_id = o.id;
	ELSIF TG_TABLE_NAME = 'nodes' THEN
		DELETE FROM events e USING old_rows o WHERE e.node_id = o.id;
	ELSIF TG_TABLE_NAME = 'shipments' THEN
		UPDATE events e SET shipment_id = NULL FROM old_rows o WHERE e.shipment_id = o.id;
	ELSIF TG_TABLE_NAME = 'substatus_types' THEN
		UPDATE events e SET substatus_type_id = NULL FROM old_rows o WHERE e.substatus_type_id = o.id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_ship_sets_delete AFTER DELETE ON ship_sets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION events_parent_deleted();
--> statement-breakpoint
CREATE TRIGGER events_nodes_delete AFTER DELETE ON nodes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION events_parent_deleted();
--> statement-breakpoint
CREATE TRIGGER events_shipments_delete AFTER DELETE ON shipments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION events_parent_deleted();
--> statement-breakpoint
CREATE TRIGGER events_substatus_types_delete AFTER DELETE ON substatus_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION events_parent_deleted();
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
--> statement-breakpoint
-- Shipments updated (the ingestion derives their status for every order that moved): the changed orders found
-- with EXCEPT, as above, instead of joining the transition tables row by row. Same rows as migration 0015's.
CREATE OR REPLACE FUNCTION search_rows_shipments_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT DISTINCT ship_set_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT DISTINCT ship_set_id FROM old_rows));
	ELSE
		PERFORM search_rows_refresh(ARRAY(
			SELECT c.ship_set_id FROM (
				SELECT id, organization_id, ship_set_id, carrier_id, tracking_number, pallet_number, carton_number, shipped_at,
					shipped_at_tz, status, final_mile, shipper_location_id FROM new_rows
				EXCEPT
				SELECT id, organization_id, ship_set_id, carrier_id, tracking_number, pallet_number, carton_number, shipped_at,
					shipped_at_tz, status, final_mile, shipper_location_id FROM old_rows) c
			UNION
			-- A shipment moved to another order: the order it left too.
			SELECT m.ship_set_id FROM (SELECT id, ship_set_id FROM old_rows EXCEPT SELECT id, ship_set_id FROM new_rows) m));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Room on each page for the status-only update above to stay on its page (a HOT update: none of search_rows'
-- fifteen indexes names a status column, so none is written), as every ingested batch does for each order it
-- moves. Pages written from now on keep a fifth free; the rows there are keep their pages until rewritten.
ALTER TABLE search_rows SET (fillfactor = 80);
