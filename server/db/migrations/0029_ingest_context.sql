-- What an ingestion batch refers to, read in one call (docs/decisions/0019 §12): the orders it names
-- (locked in id order), the shipments and events it names, and for the orders its events name their
-- nodes and shipments, which the derivation folds the new events into (server/ingest/check.ts
-- loadContext, server/ingest/derive.ts applyNewEvents). One round trip to the PGlite thread instead of
-- five, the plans kept for the session, and one JSON value instead of ~800 rows that PGlite hands
-- over field by field. VOLATILE: each statement takes its own snapshot, so the reads after the lock
-- see what a batch this one waited for committed (as separate statements did).
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
		SELECT n.id, n.ship_set_id, n.building_type, n.connectable_id, n.location_id, n.final_mile,
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
