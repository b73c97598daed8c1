-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
-- A shipment whose status or ship date moved (the ingestion derives them as events arrive) changes
-- three columns of its one search row: those are written in place, as the order's status-only path
-- does (migration 0022; the kept counts then follow only a changed ship date), instead of deriving the whole order's rows again from search_rows_source.
-- At 1,000 events a batch the full refresh of the ~100 orders whose shipments moved cost 18–20 ms of
-- a 26–30 ms shipments' update (ADR 0019 §13). Any other change to a shipment (its carrier, numbers,
-- final mile, origin, order) still refreshes the order's rows whole.
CREATE OR REPLACE FUNCTION search_rows_shipments_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	keyed uuid[];
	moved uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT DISTINCT ship_set_id FROM new_rows));
		RETURN NULL;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT DISTINCT ship_set_id FROM old_rows));
		RETURN NULL;
	END IF;
	keyed := ARRAY(
		SELECT c.ship_set_id FROM (
			SELECT id, organization_id, ship_set_id, carrier_id, tracking_number, pallet_number, carton_number, final_mile,
				shipper_location_id FROM new_rows
			EXCEPT
			SELECT id, organization_id, ship_set_id, carrier_id, tracking_number, pallet_number, carton_number, final_mile,
				shipper_location_id FROM old_rows) c
		UNION
		-- A shipment moved to another order: the order it left too.
		SELECT m.ship_set_id FROM (SELECT id, ship_set_id FROM old_rows EXCEPT SELECT id, ship_set_id FROM new_rows) m);
	PERFORM search_rows_refresh(keyed);
	moved := ARRAY(
		SELECT DISTINCT m.ship_set_id FROM (
			SELECT id, ship_set_id, status, shipped_at, shipped_at_tz FROM new_rows
			EXCEPT
			SELECT id, ship_set_id, status, shipped_at, shipped_at_tz FROM old_rows) m
		WHERE m.ship_set_id <> ALL (keyed));
	IF cardinality(moved) = 0 THEN
		RETURN NULL;
	END IF;
	-- Locked as search_rows_refresh locks them: a concurrent refresh of the same order waits for this
	-- transaction, then reads what it committed.
	PERFORM 1 FROM ship_sets WHERE id = ANY (moved) ORDER BY id FOR NO KEY UPDATE;
	-- A status alone changes no counted key (search_counts_apply); a ship date moves the day counts.
	IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.shipped_at, n.shipped_at_tz) IS DISTINCT FROM (o.shipped_at, o.shipped_at_tz)) THEN
		PERFORM set_config('waymark.search_status_only', 'on', true);
	END IF;
	UPDATE search_rows r SET shipment_status = n.status, shipped_at = n.shipped_at, shipped_at_tz = n.shipped_at_tz,
		shipped_day = (n.shipped_at AT TIME ZONE search_zone(n.shipped_at_tz))::date
	FROM new_rows n
	WHERE r.ship_set_id = n.ship_set_id AND r.row_key = n.id AND n.ship_set_id = ANY (moved)
		AND (r.shipment_status, r.shipped_at, r.shipped_at_tz) IS DISTINCT FROM (n.status, n.shipped_at, n.shipped_at_tz);
	PERFORM set_config('waymark.search_status_only', 'off', true);
	RETURN NULL;
END $$;
--> statement-breakpoint

-- The dashboard rollups' row triggers (migration 0006) ran their function for every updated order and
-- shipment. An ingested batch moves ~100 orders' last event (and their shipments' status): the
-- orders' function then found nothing it counts had changed, and the shipments' function read each
-- shipment's order twice for the issues rollup before finding the shipment had no open issue. An
-- update now calls the function only when a column the rollups count changed (the trigger's WHEN),
-- and the shipments' function reads the order only for a shipment with an open issue.
DROP TRIGGER dashboard_ship_sets_write ON ship_sets;
--> statement-breakpoint
CREATE TRIGGER dashboard_ship_sets_insert AFTER INSERT ON ship_sets FOR EACH ROW EXECUTE FUNCTION dashboard_ship_sets_trigger();
--> statement-breakpoint
CREATE TRIGGER dashboard_ship_sets_update AFTER UPDATE ON ship_sets FOR EACH ROW
	WHEN ((OLD.status, OLD.delivered_at, OLD.order_type_id, OLD.shipment_delivery_status, OLD.first_event_at, OLD.created_at, OLD.organization_id, OLD.delivery_value)
		IS DISTINCT FROM (NEW.status, NEW.delivered_at, NEW.order_type_id, NEW.shipment_delivery_status, NEW.first_event_at, NEW.created_at, NEW.organization_id, NEW.delivery_value))
	EXECUTE FUNCTION dashboard_ship_sets_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_shipments_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	o ship_sets;
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM dashboard_carrier_apply(OLD, -1);
		-- dashboard_issue_apply counts a shipment with an open issue only.
		IF OLD.substatus_type_id IS NOT NULL AND OLD.status IN ('pending', 'in_transit') THEN
			SELECT * INTO o FROM ship_sets WHERE id = OLD.ship_set_id;
			IF FOUND THEN
				PERFORM dashboard_issue_apply(OLD, o.order_type_id, o.delivery_value, -1);
			END IF;
		END IF;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM dashboard_carrier_apply(NEW, 1);
		IF NEW.substatus_type_id IS NOT NULL AND NEW.status IN ('pending', 'in_transit') THEN
			SELECT * INTO o FROM ship_sets WHERE id = NEW.ship_set_id;
			IF FOUND THEN
				PERFORM dashboard_issue_apply(NEW, o.order_type_id, o.delivery_value, 1);
			END IF;
		END IF;
		RETURN NEW;
	END IF;
	RETURN OLD;
END $$;
--> statement-breakpoint
DROP TRIGGER dashboard_shipments_write ON shipments;
--> statement-breakpoint
CREATE TRIGGER dashboard_shipments_insert_delete AFTER INSERT OR DELETE ON shipments FOR EACH ROW EXECUTE FUNCTION dashboard_shipments_trigger();
--> statement-breakpoint
CREATE TRIGGER dashboard_shipments_update AFTER UPDATE ON shipments FOR EACH ROW
	WHEN ((OLD.status, OLD.delivered_at, OLD.carrier_id, OLD.shipped_at, OLD.late, OLD.organization_id, OLD.substatus_type_id, OLD.substatus_at, OLD.created_at, OLD.ship_set_id)
		IS DISTINCT FROM (NEW.status, NEW.delivered_at, NEW.carrier_id, NEW.shipped_at, NEW.late, NEW.organization_id, NEW.substatus_type_id, NEW.substatus_at, NEW.created_at, NEW.ship_set_id))
	EXECUTE FUNCTION dashboard_shipments_trigger();
