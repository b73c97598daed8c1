-- The freight-cost report's rollup (server/db/schema/freight-analytics.ts, ADR 0016), kept by row triggers
-- in the transaction of the write that changes it. Unlike the dashboard's, which add and take away one row's
-- contribution, a write here recomputes the whole (supply chain, month, carrier) group it touches from
-- freight_costs (index freight_costs_org_carrier_invoiced_idx): the rollup counts distinct orders per key,
-- which an addition cannot keep, and a cost line deleted with its shipment no longer says its lane.

-- A location as a lane end: 'City, CC' ('' when unknown).
CREATE OR REPLACE FUNCTION analytics_lane_end(loc uuid) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT concat_ws(', ', l.city, l.country) FROM locations l WHERE l.id = loc), '')
$$;

-- The rows of analytics_freight_months for one supply chain, from its cost lines in [from_at, to_at)
-- (all of them when null) of one carrier (all carriers when null).
CREATE OR REPLACE FUNCTION analytics_freight_insert(org uuid, from_at timestamptz, to_at timestamptz, carrier uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO analytics_freight_months AS m (organization_id, month, carrier_id, conveyance, origin, destination,
		amount, lines, orders, weight_kg, weighed_amount, delivered, late)
	SELECT f.organization_id,
		date_trunc('month', f.invoiced_at AT TIME ZONE 'UTC')::date,
		coalesce(f.carrier_id, '00000000-0000-0000-0000-000000000000'),
		coalesce(f.mode, ''),
		analytics_lane_end(s.shipper_location_id),
		analytics_lane_end(s.consignee_location_id),
		sum(f.amount), count(*), count(DISTINCT f.ship_set_id),
		coalesce(sum(CASE WHEN s.weight_unit IN ('lb', 'lbs') THEN s.weight * 0.45359237 ELSE s.weight END) FILTER (WHERE s.weight > 0), 0),
		coalesce(sum(f.amount) FILTER (WHERE s.weight > 0), 0),
		count(*) FILTER (WHERE s.status = 'delivered'),
		count(*) FILTER (WHERE s.status = 'delivered' AND s.late)
	FROM freight_costs f LEFT JOIN shipments s ON s.id = f.shipment_id
	WHERE f.organization_id = org
		AND (from_at IS NULL OR f.invoiced_at >= from_at)
		AND (to_at IS NULL OR f.invoiced_at < to_at)
		AND (carrier IS NULL OR f.carrier_id IS NOT DISTINCT FROM nullif(carrier, '00000000-0000-0000-0000-000000000000'))
	GROUP BY 1, 2, 3, 4, 5, 6;
END $$;

-- One (supply chain, UTC month, carrier) group recomputed: what every trigger below calls.
CREATE OR REPLACE FUNCTION analytics_freight_refresh(org uuid, at timestamptz, carrier uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	month_start timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
	key uuid := coalesce(carrier, '00000000-0000-0000-0000-000000000000');
BEGIN
	-- A supply chain being deleted takes its rollup with it (ON DELETE CASCADE): nothing to recompute.
	IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = org) THEN
		RETURN;
	END IF;
	DELETE FROM analytics_freight_months
	WHERE organization_id = org AND month = (month_start AT TIME ZONE 'UTC')::date AND carrier_id = key;
	PERFORM analytics_freight_insert(org, month_start, (month_start AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC', key);
END $$;

CREATE OR REPLACE FUNCTION analytics_freight_costs_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM analytics_freight_refresh(OLD.organization_id, OLD.invoiced_at, OLD.carrier_id);
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.organization_id, date_trunc('month', OLD.invoiced_at AT TIME ZONE 'UTC'), OLD.carrier_id)
		IS DISTINCT FROM (NEW.organization_id, date_trunc('month', NEW.invoiced_at AT TIME ZONE 'UTC'), NEW.carrier_id)) THEN
		PERFORM analytics_freight_refresh(NEW.organization_id, NEW.invoiced_at, NEW.carrier_id);
	END IF;
	RETURN NULL;
END $$;

-- A shipment whose lane, weight, delivery or lateness changed moves its cost lines' figures.
CREATE OR REPLACE FUNCTION analytics_freight_shipments_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	g record;
BEGIN
	IF (OLD.shipper_location_id, OLD.consignee_location_id, OLD.weight, OLD.weight_unit, OLD.status, OLD.late)
		IS NOT DISTINCT FROM (NEW.shipper_location_id, NEW.consignee_location_id, NEW.weight, NEW.weight_unit, NEW.status, NEW.late) THEN
		RETURN NULL;
	END IF;
	FOR g IN SELECT DISTINCT f.organization_id, date_trunc('month', f.invoiced_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, f.carrier_id
		FROM freight_costs f WHERE f.shipment_id = NEW.id LOOP
		PERFORM analytics_freight_refresh(g.organization_id, g.at, g.carrier_id);
	END LOOP;
	RETURN NULL;
END $$;

-- A location's city or country is a lane end. Nothing in the product edits a location in place today
-- (ingestion makes a new location for a new address), but a correction made in SQL must not leave the rollup
-- naming the old city: every group with a cost line on a shipment from or to the location is recomputed (a
-- rare correction: it scans shipments, which have no index on their location columns).
CREATE OR REPLACE FUNCTION analytics_freight_locations_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER analytics_freight_costs_write AFTER INSERT OR UPDATE OR DELETE ON freight_costs FOR EACH ROW EXECUTE FUNCTION analytics_freight_costs_trigger();
CREATE OR REPLACE TRIGGER analytics_freight_shipments_write AFTER UPDATE ON shipments FOR EACH ROW EXECUTE FUNCTION analytics_freight_shipments_trigger();
CREATE OR REPLACE TRIGGER analytics_freight_locations_write AFTER UPDATE OF city, country ON locations FOR EACH ROW EXECUTE FUNCTION analytics_freight_locations_trigger();

-- One supply chain's rollup from scratch: bulk loads made with the triggers off (server/db/seed/scale.ts).
CREATE OR REPLACE FUNCTION rebuild_analytics_freight_months(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM analytics_freight_months WHERE organization_id = org;
	PERFORM analytics_freight_insert(org, NULL, NULL, NULL);
END $$;
