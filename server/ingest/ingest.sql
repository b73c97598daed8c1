-- An ingestion batch's reads and writes, each one call (ADR 0019 §12; server/ingest/): one round trip to the
-- PGlite thread instead of several, the plans kept for the session, and one JSON value instead of many rows.
-- The derivation itself (which node, shipment and order an event moves, where a node goes on the strip)
-- is server/ingest/derive.ts, which the seed runs too.

-- What a batch refers to: the orders it names (locked in id order), the shipments and events it names,
-- and for the orders its events name their nodes and shipments, which the derivation folds the new events
-- into (server/ingest/check.ts loadContext, server/ingest/derive.ts foldNewEvents). VOLATILE: each statement
-- takes its own snapshot, so the reads after the lock see what a batch this one waited for committed. It also
-- sets the batch's transaction to plan with random_page_cost 1.1 (ADR 0019 §10).
CREATE OR REPLACE FUNCTION waymark_ingest_context(p_org uuid, p_orders text[], p_event_orders text[], p_shipments text[], p_events text[]) RETURNS json
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
	v_ids uuid[];
	v_event_ids uuid[];
	v_orders json;
	v_shipments json;
	v_events json;
	v_nodes json;
	v_order_shipments json;
BEGIN
	-- A batch reads and writes a few hundred rows by key, its own statements and the triggers they fire:
	-- at 1 + a tenth, as for data in memory or on SSD, the planner reads them by their indexes, where
	-- the default (4, a spinning disk's) scanned whole tables. For this transaction only.
	PERFORM set_config('random_page_cost', '1.1', true);
	-- Locked until the batch commits, in id order (as the search read model locks them): an order
	-- cannot be deleted under the batch, nor its nodes, and a concurrent batch naming the same order
	-- waits, then reads what this one committed (ADR 0019 §9, §11).
	SELECT coalesce(array_agg(l.id), '{}') INTO v_ids
	FROM (SELECT s.id FROM ship_sets s WHERE s.organization_id = p_org AND s.name = ANY (p_orders) ORDER BY s.id FOR NO KEY UPDATE) l;
	-- An order as the derivation folds new events into it; a pending one with its live events (two
	-- make it in process; two stand for any count past pending).
	SELECT coalesce(json_agg(o), '[]'), coalesce(array_agg(o.id) FILTER (WHERE o.name = ANY (p_event_orders)), '{}') INTO v_orders, v_event_ids
	FROM (
		SELECT s.id, s.name, s.status, s.location_id, s.promise_date, s.delivered_at, s.delivered_at_timezone_name AS delivered_tz,
			s.shipment_delivery_date AS estimate, s.shipment_delivery_date_timezone AS estimate_tz, s.shipment_delivery_status AS indicator,
			s.first_event_at AS first_at, s.last_event_at AS last_at, s.last_event_id AS last_id,
			CASE WHEN s.status = 'pending' THEN (SELECT count(*) FROM events e WHERE e.ship_set_id = s.id AND e.stale_at IS NULL) ELSE 2 END AS live
		FROM ship_sets s WHERE s.id = ANY (v_ids)
	) o;
	-- Kept until the batch commits too: a shipment its events name cannot go.
	SELECT coalesce(json_agg(x), '[]') INTO v_shipments
	FROM (
		SELECT sh.id, sh.external_id, sh.ship_set_id, s.name AS order_number, sh.final_mile
		FROM shipments sh JOIN ship_sets s ON s.id = sh.ship_set_id
		WHERE sh.organization_id = p_org AND sh.external_id = ANY (p_shipments)
		FOR KEY SHARE OF sh
	) x;
	SELECT coalesce(json_agg(x), '[]') INTO v_events
	FROM (
		SELECT e.id, e.external_id, s.name AS order_number
		FROM events e JOIN ship_sets s ON s.id = e.ship_set_id
		WHERE e.organization_id = p_org AND e.external_id = ANY (p_events)
	) x;
	SELECT coalesce(json_agg(x), '[]') INTO v_nodes
	FROM (
		SELECT n.id, n.ship_set_id, n.building_type, n.connectable_id, n.location_id, n.final_mile, n.position,
			n.first_event_at AS first_at, n.last_event_at AS last_at, n.with_exception_event AS exc
		FROM nodes n WHERE n.ship_set_id = ANY (v_event_ids)
	) x;
	SELECT coalesce(json_agg(x), '[]') INTO v_order_shipments
	FROM (
		SELECT sh.id, sh.ship_set_id, sh.status, sh.final_mile, sh.consignee_location_id AS consignee_id, sh.shipped_at, sh.delivered_at,
			sh.estimated_delivery_date AS estimate, sh.estimated_delivery_date_timezone AS estimate_tz, sh.late,
			sh.substatus_type_id AS issue, sh.substatus_at AS issue_at
		FROM shipments sh WHERE sh.organization_id = p_org AND sh.ship_set_id = ANY (v_event_ids)
	) x;
	RETURN json_build_object('orders', v_orders, 'shipments', v_shipments, 'events', v_events, 'nodes', v_nodes, 'order_shipments', v_order_shipments);
END $$;

-- The batch's events that were stored already (the batch read them): each field sent and different
-- written (a field left out keeps its value; the stale flag is always what was sent: false makes it
-- live again), a row whose values are all the same not written at all. Answers which external ids it
-- changed, and which it stored new (one deleted since the batch read it), as two arrays.
CREATE OR REPLACE FUNCTION waymark_ingest_stored_events(p_org uuid, p_events json) RETURNS json
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
	v_inserted text[];
	v_updated text[];
BEGIN
	WITH stored AS (
		INSERT INTO events AS ev (id, organization_id, ship_set_id, external_id, node_id, shipment_id, title, summary, event_type, event_at, timezone_name, stale_at, location_at, substatus_type_id)
		SELECT r.k, p_org, r.o, r.x, r.n, r.s, r.t, r.m, r.y, r.a, r.z, r.d, r.l, r.i
		FROM json_to_recordset(p_events) AS r(k uuid, o uuid, x text, n uuid, s uuid, t text, m text, y text, a timestamptz, z text, d timestamptz, l text, i uuid)
		ON CONFLICT (organization_id, external_id) DO UPDATE SET
			node_id = coalesce(excluded.node_id, ev.node_id), shipment_id = coalesce(excluded.shipment_id, ev.shipment_id),
			title = coalesce(excluded.title, ev.title), summary = coalesce(excluded.summary, ev.summary),
			event_type = coalesce(excluded.event_type, ev.event_type), event_at = coalesce(excluded.event_at, ev.event_at),
			timezone_name = coalesce(excluded.timezone_name, ev.timezone_name), location_at = coalesce(excluded.location_at, ev.location_at),
			substatus_type_id = coalesce(excluded.substatus_type_id, ev.substatus_type_id), stale_at = excluded.stale_at, updated_at = now()
		WHERE (excluded.node_id IS NOT NULL AND excluded.node_id IS DISTINCT FROM ev.node_id)
			OR (excluded.shipment_id IS NOT NULL AND excluded.shipment_id IS DISTINCT FROM ev.shipment_id)
			OR (excluded.title IS NOT NULL AND excluded.title IS DISTINCT FROM ev.title)
			OR (excluded.summary IS NOT NULL AND excluded.summary IS DISTINCT FROM ev.summary)
			OR (excluded.event_type IS NOT NULL AND excluded.event_type IS DISTINCT FROM ev.event_type)
			OR (excluded.event_at IS NOT NULL AND excluded.event_at IS DISTINCT FROM ev.event_at)
			OR (excluded.timezone_name IS NOT NULL AND excluded.timezone_name IS DISTINCT FROM ev.timezone_name)
			OR (excluded.location_at IS NOT NULL AND excluded.location_at IS DISTINCT FROM ev.location_at)
			OR (excluded.substatus_type_id IS NOT NULL AND excluded.substatus_type_id IS DISTINCT FROM ev.substatus_type_id)
			OR excluded.stale_at IS DISTINCT FROM ev.stale_at
		RETURNING ev.external_id, (xmax = 0) AS inserted
	)
	SELECT coalesce(array_agg(external_id) FILTER (WHERE inserted), '{}'), coalesce(array_agg(external_id) FILTER (WHERE NOT inserted), '{}')
	INTO v_inserted, v_updated FROM stored;
	RETURN json_build_object('inserted', v_inserted, 'updated', v_updated);
END $$;

-- A batch's writes in one call: its new events (known new: the batch read which of its events are
-- stored, under its orders' locks; server/ingest/batch.ts), then the rows the derivation moved
-- (server/ingest/derive.ts: nodes, shipments, orders, each as a JSON array of its id and its new values
-- named as the schema names them), whose triggers keep the rollups and the search read model, and its
-- domain events (server/domain-events/domain-events.sql). Each part may be null. The ids of each array are also read as
-- an array, which the planner takes by the primary key whatever the JSON's size.
CREATE OR REPLACE FUNCTION waymark_ingest_write(p_org uuid, p_events json, p_nodes jsonb, p_shipments jsonb, p_orders jsonb, p_domain jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
	IF p_events IS NOT NULL THEN
		-- A plain insert: ON CONFLICT's check of each row first cost a batch more (ADR 0019 §12, bench/RESULTS.md).
		INSERT INTO events (id, organization_id, ship_set_id, external_id, node_id, shipment_id, title, summary, event_type, event_at, timezone_name, stale_at, location_at, substatus_type_id)
		SELECT r.k, p_org, r.o, r.x, r.n, r.s, r.t, r.m, r.y, r.a, r.z, r.d, r.l, r.i
		FROM json_to_recordset(p_events) AS r(k uuid, o uuid, x text, n uuid, s uuid, t text, m text, y text, a timestamptz, z text, d timestamptz, l text, i uuid);
	END IF;
	IF p_nodes IS NOT NULL THEN
		UPDATE nodes n SET first_event_at = v."firstEventAt", last_event_at = v."lastEventAt", with_exception_event = v."withExceptionEvent",
			position = v.position, updated_at = now()
		FROM jsonb_to_recordset(p_nodes) AS v(id uuid, "firstEventAt" timestamptz, "lastEventAt" timestamptz, "withExceptionEvent" boolean, position integer)
		WHERE n.id = v.id AND n.id = ANY (ARRAY(SELECT (r->>'id')::uuid FROM jsonb_array_elements(p_nodes) r)) AND n.organization_id = p_org;
	END IF;
	IF p_shipments IS NOT NULL THEN
		UPDATE shipments s SET status = v.status, delivered_at = v."deliveredAt", shipped_at = v."shippedAt", late = v.late,
			substatus_type_id = v."substatusTypeId", substatus_at = v."substatusAt", updated_at = now()
		FROM jsonb_to_recordset(p_shipments) AS v(id uuid, status text, "deliveredAt" timestamptz, "shippedAt" timestamptz, late boolean,
			"substatusTypeId" uuid, "substatusAt" timestamptz)
		WHERE s.id = v.id AND s.id = ANY (ARRAY(SELECT (r->>'id')::uuid FROM jsonb_array_elements(p_shipments) r)) AND s.organization_id = p_org;
	END IF;
	IF p_orders IS NOT NULL THEN
		UPDATE ship_sets s SET status = v.status, delivered_at = v."deliveredAt", delivered_at_timezone_name = v."deliveredAtTimezoneName",
			shipment_delivery_date = v."shipmentDeliveryDate", shipment_delivery_date_timezone = v."shipmentDeliveryDateTimezone",
			shipment_delivery_status = v."shipmentDeliveryStatus", first_event_at = v."firstEventAt", last_event_at = v."lastEventAt",
			last_event_id = v."lastEventId", updated_at = now()
		FROM jsonb_to_recordset(p_orders) AS v(id uuid, status text, "deliveredAt" timestamptz, "deliveredAtTimezoneName" text,
			"shipmentDeliveryDate" timestamptz, "shipmentDeliveryDateTimezone" text, "shipmentDeliveryStatus" text,
			"firstEventAt" timestamptz, "lastEventAt" timestamptz, "lastEventId" uuid)
		WHERE s.id = v.id AND s.id = ANY (ARRAY(SELECT (r->>'id')::uuid FROM jsonb_array_elements(p_orders) r)) AND s.organization_id = p_org;
	END IF;
	IF p_domain IS NOT NULL THEN PERFORM waymark_record_domain_events(p_domain); END IF;
END $$;
