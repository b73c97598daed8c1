-- Events check no foreign key (ADR 0019 §9, "Fewer checks a row"): the ingestion, their only writer, names an order,
-- node, shipment and issue type it has just read or locked in the same transaction. What the keys did on a
-- delete is done here, once per statement over the rows it deleted: deleting an order (or its supply chain,
-- which deletes its orders) or a node deletes their events (ON DELETE CASCADE); deleting a shipment or an
-- issue type clears it from its events (ON DELETE SET NULL).

CREATE OR REPLACE FUNCTION events_parent_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
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

DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['ship_sets', 'nodes', 'shipments', 'substatus_types'] LOOP
		EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION events_parent_deleted()',
			'events_' || t || '_delete', t);
	END LOOP;
END $$;
