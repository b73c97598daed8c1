-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
-- A location's city or country is the freight-cost report's lane end ('City, CC', analytics_lane_end in
-- 0010). Nothing in the product edits a location in place today (ingestion makes a new location for a new
-- address), but a correction made in SQL, or a future edit screen, must not leave the rollup naming the
-- old city until someone rebuilds it: every (supply chain, month, carrier) group with a cost line on a
-- shipment from or to the location is recomputed in the same transaction (a rare correction: it scans
-- shipments, which have no index on their location columns).
CREATE FUNCTION analytics_freight_locations_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	g record;
BEGIN
	IF (OLD.city, OLD.country) IS NOT DISTINCT FROM (NEW.city, NEW.country) THEN
		RETURN NULL;
	END IF;
	FOR g IN SELECT DISTINCT f.organization_id, date_trunc('month', f.invoiced_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, f.carrier_id
		FROM shipments s JOIN freight_costs f ON f.shipment_id = s.id
		WHERE s.shipper_location_id = NEW.id OR s.consignee_location_id = NEW.id LOOP
		PERFORM analytics_freight_refresh(g.organization_id, g.at, g.carrier_id);
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_freight_locations_write AFTER UPDATE OF city, country ON locations FOR EACH ROW EXECUTE FUNCTION analytics_freight_locations_trigger();
