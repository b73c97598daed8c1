-- The dashboard's rollups (server/db/schema/dashboard.ts, ADR 0012), kept by row triggers in the transaction
-- of the write on ship_sets or shipments that changes them: each trigger takes the old row's contribution away
-- and adds the new row's. A missing key (no order type, no carrier) is the nil uuid. Days are UTC.

-- What one row counts in each rollup (none when it counts nothing): the one definition, which the triggers
-- below add or take away row by row and rebuild_dashboard_rollups sums over a supply chain.

-- A delivered order: its supply chain, day of delivery and order type, whether late or on time, its hours
-- from its first event (else its creation) to delivery.
CREATE OR REPLACE FUNCTION dashboard_order_part(r ship_sets)
	RETURNS TABLE (organization_id uuid, day date, order_type_id uuid, delivered integer, late integer, on_time integer, hours_sum double precision, hours_count integer)
LANGUAGE sql STABLE AS $$
	SELECT r.organization_id, (r.delivered_at AT TIME ZONE 'UTC')::date, coalesce(r.order_type_id, '00000000-0000-0000-0000-000000000000'),
		1, CASE WHEN r.shipment_delivery_status = 'late' THEN 1 ELSE 0 END, CASE WHEN r.shipment_delivery_status = 'on_time' THEN 1 ELSE 0 END,
		CASE WHEN h.hours >= 0 THEN h.hours ELSE 0 END, CASE WHEN h.hours >= 0 THEN 1 ELSE 0 END
	FROM (SELECT (extract(epoch FROM r.delivered_at - coalesce(r.first_event_at, r.created_at)) / 3600.0)::double precision AS hours) h
	WHERE r.status = 'delivered' AND r.delivered_at IS NOT NULL
$$;

-- A delivered shipment with a carrier: its supply chain, day of delivery and carrier, whether late, its hours in transit.
CREATE OR REPLACE FUNCTION dashboard_carrier_part(r shipments)
	RETURNS TABLE (organization_id uuid, day date, carrier_id uuid, delivered integer, late integer, hours_sum double precision, hours_count integer)
LANGUAGE sql STABLE AS $$
	SELECT r.organization_id, (r.delivered_at AT TIME ZONE 'UTC')::date, r.carrier_id,
		1, CASE WHEN r.late THEN 1 ELSE 0 END, CASE WHEN h.hours >= 0 THEN h.hours ELSE 0 END, CASE WHEN h.hours >= 0 THEN 1 ELSE 0 END
	FROM (SELECT (extract(epoch FROM r.delivered_at - r.shipped_at) / 3600.0)::double precision AS hours) h
	WHERE r.status = 'delivered' AND r.delivered_at IS NOT NULL AND r.carrier_id IS NOT NULL
$$;

-- An open issue (a pending or in-transit shipment with a substatus): its supply chain, day raised, issue type,
-- carrier and its order's type and value.
CREATE OR REPLACE FUNCTION dashboard_issue_part(r shipments, p_order_type uuid, p_delivery_value numeric)
	RETURNS TABLE (organization_id uuid, day date, substatus_type_id uuid, carrier_id uuid, order_type_id uuid, issues integer, delivery_value numeric)
LANGUAGE sql STABLE AS $$
	SELECT r.organization_id, (coalesce(r.substatus_at, r.created_at) AT TIME ZONE 'UTC')::date, r.substatus_type_id,
		coalesce(r.carrier_id, '00000000-0000-0000-0000-000000000000'), coalesce(p_order_type, '00000000-0000-0000-0000-000000000000'),
		1, coalesce(p_delivery_value, 0)
	WHERE r.substatus_type_id IS NOT NULL AND r.status IN ('pending', 'in_transit')
$$;

CREATE OR REPLACE FUNCTION dashboard_order_apply(r ship_sets, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO dashboard_order_days AS d (organization_id, day, order_type_id, delivered, late, on_time, hours_sum, hours_count)
	SELECT p.organization_id, p.day, p.order_type_id, sign * p.delivered, sign * p.late, sign * p.on_time, sign * p.hours_sum, sign * p.hours_count
	FROM dashboard_order_part(r) p
	ON CONFLICT (organization_id, day, order_type_id) DO UPDATE SET
		delivered = d.delivered + excluded.delivered,
		late = d.late + excluded.late,
		on_time = d.on_time + excluded.on_time,
		hours_sum = d.hours_sum + excluded.hours_sum,
		hours_count = d.hours_count + excluded.hours_count;
END $$;

CREATE OR REPLACE FUNCTION dashboard_carrier_apply(r shipments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO dashboard_carrier_days AS d (organization_id, day, carrier_id, delivered, late, hours_sum, hours_count)
	SELECT p.organization_id, p.day, p.carrier_id, sign * p.delivered, sign * p.late, sign * p.hours_sum, sign * p.hours_count
	FROM dashboard_carrier_part(r) p
	ON CONFLICT (organization_id, day, carrier_id) DO UPDATE SET
		delivered = d.delivered + excluded.delivered,
		late = d.late + excluded.late,
		hours_sum = d.hours_sum + excluded.hours_sum,
		hours_count = d.hours_count + excluded.hours_count;
END $$;

CREATE OR REPLACE FUNCTION dashboard_issue_apply(r shipments, order_type uuid, delivery_value numeric, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO dashboard_issue_days AS d (organization_id, day, substatus_type_id, carrier_id, order_type_id, issues, delivery_value)
	SELECT p.organization_id, p.day, p.substatus_type_id, p.carrier_id, p.order_type_id, sign * p.issues, sign * p.delivery_value
	FROM dashboard_issue_part(r, order_type, delivery_value) p
	ON CONFLICT (organization_id, day, substatus_type_id, carrier_id, order_type_id) DO UPDATE SET
		issues = d.issues + excluded.issues,
		delivery_value = d.delivery_value + excluded.delivery_value;
END $$;

-- The Live Feed's total: orders with an event (first_event_at and last_event_at are set together, from
-- the order's live events), changed only when an order gains its first event or loses its last.
CREATE OR REPLACE FUNCTION dashboard_feed_apply(org uuid, delta integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO dashboard_feed_counts AS f (organization_id, orders) VALUES (org, delta)
	ON CONFLICT (organization_id) DO UPDATE SET orders = f.orders + excluded.orders
$$;

CREATE OR REPLACE FUNCTION dashboard_ship_sets_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	s shipments;
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM dashboard_order_apply(OLD, -1);
		IF OLD.first_event_at IS NOT NULL THEN
			PERFORM dashboard_feed_apply(OLD.organization_id, -1);
		END IF;
		-- Its shipments go with it (ON DELETE CASCADE): take their issues away while the order still says
		-- which order type and value they were counted under; their own trigger then finds no order.
		FOR s IN SELECT * FROM shipments WHERE ship_set_id = OLD.id LOOP
			PERFORM dashboard_issue_apply(s, OLD.order_type_id, OLD.delivery_value, -1);
		END LOOP;
		RETURN OLD;
	END IF;
	IF TG_OP = 'UPDATE' THEN
		IF (OLD.status, OLD.delivered_at, OLD.order_type_id, OLD.shipment_delivery_status, OLD.first_event_at, OLD.created_at, OLD.organization_id)
			IS NOT DISTINCT FROM
			(NEW.status, NEW.delivered_at, NEW.order_type_id, NEW.shipment_delivery_status, NEW.first_event_at, NEW.created_at, NEW.organization_id)
			AND (OLD.delivery_value IS NOT DISTINCT FROM NEW.delivery_value) THEN
			RETURN NEW;
		END IF;
		PERFORM dashboard_order_apply(OLD, -1);
		IF OLD.first_event_at IS NOT NULL AND (NEW.first_event_at IS NULL OR OLD.organization_id <> NEW.organization_id) THEN
			PERFORM dashboard_feed_apply(OLD.organization_id, -1);
		END IF;
		IF NEW.first_event_at IS NOT NULL AND (OLD.first_event_at IS NULL OR OLD.organization_id <> NEW.organization_id) THEN
			PERFORM dashboard_feed_apply(NEW.organization_id, 1);
		END IF;
		IF (OLD.order_type_id, OLD.delivery_value) IS DISTINCT FROM (NEW.order_type_id, NEW.delivery_value) THEN
			FOR s IN SELECT * FROM shipments WHERE ship_set_id = NEW.id LOOP
				PERFORM dashboard_issue_apply(s, OLD.order_type_id, OLD.delivery_value, -1);
				PERFORM dashboard_issue_apply(s, NEW.order_type_id, NEW.delivery_value, 1);
			END LOOP;
		END IF;
	ELSIF NEW.first_event_at IS NOT NULL THEN
		PERFORM dashboard_feed_apply(NEW.organization_id, 1);
	END IF;
	PERFORM dashboard_order_apply(NEW, 1);
	RETURN NEW;
END $$;

-- A shipment is counted as an issue only with an open issue: only then is its order read.
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

-- BEFORE DELETE, so that the order's shipments are still there to be taken away (see above).
CREATE OR REPLACE TRIGGER dashboard_ship_sets_delete BEFORE DELETE ON ship_sets FOR EACH ROW EXECUTE FUNCTION dashboard_ship_sets_trigger();
CREATE OR REPLACE TRIGGER dashboard_ship_sets_insert AFTER INSERT ON ship_sets FOR EACH ROW EXECUTE FUNCTION dashboard_ship_sets_trigger();
-- An update runs the function only when a column the rollups count changed: an ingested batch moves every
-- order's last event, which the rollups do not count.
CREATE OR REPLACE TRIGGER dashboard_ship_sets_update AFTER UPDATE ON ship_sets FOR EACH ROW
	WHEN ((OLD.status, OLD.delivered_at, OLD.order_type_id, OLD.shipment_delivery_status, OLD.first_event_at, OLD.created_at, OLD.organization_id, OLD.delivery_value)
		IS DISTINCT FROM (NEW.status, NEW.delivered_at, NEW.order_type_id, NEW.shipment_delivery_status, NEW.first_event_at, NEW.created_at, NEW.organization_id, NEW.delivery_value))
	EXECUTE FUNCTION dashboard_ship_sets_trigger();
CREATE OR REPLACE TRIGGER dashboard_shipments_insert_delete AFTER INSERT OR DELETE ON shipments FOR EACH ROW EXECUTE FUNCTION dashboard_shipments_trigger();
CREATE OR REPLACE TRIGGER dashboard_shipments_update AFTER UPDATE ON shipments FOR EACH ROW
	WHEN ((OLD.status, OLD.delivered_at, OLD.carrier_id, OLD.shipped_at, OLD.late, OLD.organization_id, OLD.substatus_type_id, OLD.substatus_at, OLD.created_at, OLD.ship_set_id)
		IS DISTINCT FROM (NEW.status, NEW.delivered_at, NEW.carrier_id, NEW.shipped_at, NEW.late, NEW.organization_id, NEW.substatus_type_id, NEW.substatus_at, NEW.created_at, NEW.ship_set_id))
	EXECUTE FUNCTION dashboard_shipments_trigger();

-- One supply chain's rollups from scratch, summing each row's part: after a bulk load with the triggers off
-- (rebuild_read_models, server/db/read-models.sql).
CREATE OR REPLACE FUNCTION rebuild_dashboard_rollups(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM dashboard_order_days WHERE organization_id = org;
	DELETE FROM dashboard_carrier_days WHERE organization_id = org;
	DELETE FROM dashboard_issue_days WHERE organization_id = org;
	DELETE FROM dashboard_feed_counts WHERE organization_id = org;
	INSERT INTO dashboard_feed_counts (organization_id, orders)
	SELECT org, count(*) FROM ship_sets WHERE organization_id = org AND first_event_at IS NOT NULL;
	INSERT INTO dashboard_order_days (organization_id, day, order_type_id, delivered, late, on_time, hours_sum, hours_count)
	SELECT p.organization_id, p.day, p.order_type_id, sum(p.delivered), sum(p.late), sum(p.on_time), sum(p.hours_sum), sum(p.hours_count)
	FROM ship_sets s, dashboard_order_part(s) p
	WHERE s.organization_id = org
	GROUP BY 1, 2, 3;
	INSERT INTO dashboard_carrier_days (organization_id, day, carrier_id, delivered, late, hours_sum, hours_count)
	SELECT p.organization_id, p.day, p.carrier_id, sum(p.delivered), sum(p.late), sum(p.hours_sum), sum(p.hours_count)
	FROM shipments s, dashboard_carrier_part(s) p
	WHERE s.organization_id = org
	GROUP BY 1, 2, 3;
	INSERT INTO dashboard_issue_days (organization_id, day, substatus_type_id, carrier_id, order_type_id, issues, delivery_value)
	SELECT p.organization_id, p.day, p.substatus_type_id, p.carrier_id, p.order_type_id, sum(p.issues), sum(p.delivery_value)
	FROM shipments s JOIN ship_sets o ON o.id = s.ship_set_id, dashboard_issue_part(s, o.order_type_id, o.delivery_value) p
	WHERE s.organization_id = org
	GROUP BY 1, 2, 3, 4, 5;
END $$;
