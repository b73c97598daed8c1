-- The search read model (ADR 0021, server/db/schema/search.ts): search_rows holds one row per result row of
-- the signed-in search (an order × each of its shipments, or the order alone), with the values the table
-- shows; these functions and statement triggers keep it true in the transaction of every write that changes
-- a row, and keep the exact counts the broad searches read (search_counts, search_location_counts,
-- search_day_counts, search_place_counts) from its transition tables. The view search_rows_source (a
-- migration) says what the rows should hold.

-- The IANA zone of a shipment's zone name (a Rails name converted, an IANA name as it is, anything
-- else UTC: search_zones), so that AT TIME ZONE can never fail a write. A shipment's date is the day of
-- shipped_at in its zone.
CREATE OR REPLACE FUNCTION search_zone(tz text) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT iana FROM search_zones WHERE name = tz), 'UTC')
$$;

-- Brings the rows of these orders in line with their source. The orders are locked first (in id order, NO KEY
-- UPDATE: it does not wait for the KEY SHARE a shipment's foreign key takes), so two transactions writing one
-- order refresh it one after the other and the later one reads what the earlier one committed. A row whose
-- values did not change is not written; one whose indexed values did not change is updated in place (HOT).
CREATE OR REPLACE FUNCTION search_rows_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF ids IS NULL OR cardinality(ids) = 0 THEN
		RETURN;
	END IF;
	PERFORM 1 FROM ship_sets WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
	DELETE FROM search_rows r WHERE r.ship_set_id = ANY(ids)
		AND (r.ship_set_id, r.row_key) NOT IN (SELECT ship_set_id, row_key FROM search_rows_source WHERE ship_set_id = ANY(ids));
	INSERT INTO search_rows AS r (organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone)
	SELECT organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone FROM search_rows_source WHERE ship_set_id = ANY(ids)
	ON CONFLICT (ship_set_id, row_key) DO UPDATE SET
		organization_id = excluded.organization_id,
		shipment_id = excluded.shipment_id,
		ship_set_name = excluded.ship_set_name,
		reference_number = excluded.reference_number,
		location_id = excluded.location_id,
		location = excluded.location,
		dest_country = excluded.dest_country,
		dest_state = excluded.dest_state,
		dest_city = excluded.dest_city,
		carrier_id = excluded.carrier_id,
		carrier_name = excluded.carrier_name,
		conveyance_type_id = excluded.conveyance_type_id,
		conveyance_type = excluded.conveyance_type,
		tracking_number = excluded.tracking_number,
		pallet_number = excluded.pallet_number,
		carton_number = excluded.carton_number,
		shipped_at = excluded.shipped_at,
		shipped_at_tz = excluded.shipped_at_tz,
		shipped_day = excluded.shipped_day,
		shipment_status = excluded.shipment_status,
		final_mile = excluded.final_mile,
		shipper_location_id = excluded.shipper_location_id,
		origin_country = excluded.origin_country,
		origin_state = excluded.origin_state,
		origin_city = excluded.origin_city,
		status_name = excluded.status_name,
		status_at = excluded.status_at,
		timezone = excluded.timezone
	WHERE (r.*) IS DISTINCT FROM (excluded.*);
END $$;

-- Orders of one supply chain that have no rows yet (a bulk load made with the triggers off adds new orders).
CREATE OR REPLACE FUNCTION fill_search_rows(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_rows (organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone)
	SELECT organization_id, ship_set_id, row_key, shipment_id, ship_set_name, reference_number, location_id, location, dest_country, dest_state, dest_city, carrier_id, carrier_name, conveyance_type_id, conveyance_type, tracking_number, pallet_number, carton_number, shipped_at, shipped_at_tz, shipped_day, shipment_status, final_mile, shipper_location_id, origin_country, origin_state, origin_city, status_name, status_at, timezone FROM search_rows_source v
	WHERE v.organization_id = org AND NOT EXISTS (SELECT 1 FROM search_rows r WHERE r.ship_set_id = v.ship_set_id);
END $$;

-- One supply chain's rows from scratch.
CREATE OR REPLACE FUNCTION rebuild_search_rows(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM search_rows WHERE organization_id = org;
	PERFORM fill_search_rows(org);
END $$;

-- Orders written, once per statement. An order whose only change for the search is its latest event
-- (ship_sets.last_event_id: an ingested batch moves it for every order it touches) keeps its rows and their
-- counted keys with another status: those three columns are set from the event directly, instead of reading
-- the view again. A change of anything else the rows show (name, reference, final location) refreshes them
-- from the view, and so does an order without rows. The changed orders are found with EXCEPT (hashed) rather
-- than by joining the transition tables, which the planner joined row by row (it knows nothing of their sizes).
-- Around the status-only update the setting waymark.search_status_only is on, which the counts' update
-- trigger (below) skips: no counted key changes.
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

CREATE OR REPLACE FUNCTION search_rows_ship_sets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM search_rows WHERE ship_set_id IN (SELECT id FROM old_rows);
	RETURN NULL;
END $$;

-- Shipments written, once per statement. A shipment whose status or ship date moved (the ingestion
-- derives them as events arrive) changes three columns of its one row: those are written in place, as the
-- orders' status-only path does (the kept counts then follow only a changed ship date), instead of deriving
-- the whole order's rows again (ADR 0019 §13). Any other change to a shipment (its carrier, numbers, final
-- mile, origin, order) refreshes the order's rows whole.
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

-- An event changes a row only when it is its order's latest (ship_sets.last_event_id); pointing an order at
-- another event is an update of ship_sets, above.
CREATE OR REPLACE FUNCTION search_rows_events_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM search_rows_refresh(ARRAY(SELECT s.id FROM old_rows e JOIN ship_sets s ON s.id = e.ship_set_id AND s.last_event_id = e.id));
	ELSE
		PERFORM search_rows_refresh(ARRAY(SELECT s.id FROM new_rows e JOIN ship_sets s ON s.id = e.ship_set_id AND s.last_event_id = e.id));
	END IF;
	RETURN NULL;
END $$;

-- The names of carriers, conveyance types and locations are copied into the rows: a rename reaches every row.
CREATE OR REPLACE FUNCTION search_rows_carriers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE search_rows r SET carrier_name = c.name, conveyance_type_id = c.conveyance_type_id, conveyance_type = ct.name
	FROM new_rows c LEFT JOIN conveyance_types ct ON ct.id = c.conveyance_type_id
	WHERE r.carrier_id = c.id AND r.organization_id = c.organization_id
		AND (r.carrier_name, r.conveyance_type_id, r.conveyance_type) IS DISTINCT FROM (c.name, c.conveyance_type_id, ct.name);
	RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION search_rows_conveyance_types_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE search_rows r SET conveyance_type = t.name
	FROM new_rows t
	WHERE r.conveyance_type_id = t.id AND r.conveyance_type IS DISTINCT FROM t.name;
	RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION search_rows_locations_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE search_rows r SET location = l.name, dest_country = l.country, dest_state = l.state, dest_city = l.city
	FROM new_rows l
	WHERE r.location_id = l.id AND (r.location, r.dest_country, r.dest_state, r.dest_city) IS DISTINCT FROM (l.name, l.country, l.state, l.city);
	UPDATE search_rows r SET origin_country = l.country, origin_state = l.state, origin_city = l.city
	FROM new_rows l
	WHERE r.shipper_location_id = l.id AND (r.origin_country, r.origin_state, r.origin_city) IS DISTINCT FROM (l.country, l.state, l.city);
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER search_rows_ship_sets_insert AFTER INSERT ON ship_sets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_ship_sets_written();
CREATE OR REPLACE TRIGGER search_rows_ship_sets_update AFTER UPDATE ON ship_sets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_ship_sets_written();
CREATE OR REPLACE TRIGGER search_rows_ship_sets_delete AFTER DELETE ON ship_sets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_ship_sets_deleted();
CREATE OR REPLACE TRIGGER search_rows_shipments_insert AFTER INSERT ON shipments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_shipments_written();
CREATE OR REPLACE TRIGGER search_rows_shipments_update AFTER UPDATE ON shipments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_shipments_written();
CREATE OR REPLACE TRIGGER search_rows_shipments_delete AFTER DELETE ON shipments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_shipments_written();
CREATE OR REPLACE TRIGGER search_rows_events_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_events_written();
CREATE OR REPLACE TRIGGER search_rows_events_update AFTER UPDATE ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_events_written();
CREATE OR REPLACE TRIGGER search_rows_events_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_events_written();

-- A rename of a carrier, conveyance type or location: search_rows_<table>_update runs search_rows_<table>_updated.
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['carriers', 'conveyance_types', 'locations'] LOOP
		EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
			'search_rows_' || t || '_update', t, 'search_rows_' || t || '_updated');
	END LOOP;
END $$;

-- The keys a row is counted under in search_counts: per supply chain in all, per carrier, per conveyance
-- type and per destination country.
CREATE OR REPLACE FUNCTION search_counts_keys(r search_rows) RETURNS TABLE (dim text, key text) LANGUAGE sql IMMUTABLE AS $$
	SELECT 'all', '' UNION ALL
	SELECT 'carrier', r.carrier_id::text WHERE r.carrier_id IS NOT NULL UNION ALL
	SELECT 'conveyance_type', r.conveyance_type_id::text WHERE r.conveyance_type_id IS NOT NULL UNION ALL
	SELECT 'dest_country', r.dest_country WHERE r.dest_country IS NOT NULL
$$;

-- Exact counts of a containment on the final location name without counting rows (ADR 0021, "Location-name
-- containment"). A name's shape is the name with every run of ASCII digits written as one \x01: 'Coho Labs 41'
-- and 'Coho Labs 7' share the shape 'Coho Labs \x01'. A pattern without digits and without \x01 matches a name
-- exactly when it matches its shape (a match can neither use a digit nor cross one, and the letters around the
-- digits are the same), so the count of rows whose name contains it is the sum of the counts of the shapes that
-- contain it. search_location_counts holds those counts per supply chain and shape, in the dimensions of
-- search_counts. Its size follows the distinct shapes, not the orders.
CREATE OR REPLACE FUNCTION search_location_shape(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT regexp_replace(name, '[0-9]+', E'\x01', 'g')
$$;

CREATE OR REPLACE FUNCTION search_location_counts_keys(r search_rows) RETURNS TABLE (dim text, key text, shape text) LANGUAGE sql IMMUTABLE AS $$
	SELECT k.dim, k.key, search_location_shape(r.location) FROM search_counts_keys(r) k WHERE r.location IS NOT NULL
$$;

-- Date-range counts by day: a range of shipment dates matches the rows whose shipped_day lies in it, so its
-- count is the sum of its days' counts (search_day_counts, in the dimensions of search_counts).
CREATE OR REPLACE FUNCTION search_day_counts_keys(r search_rows) RETURNS TABLE (dim text, key text, day date) LANGUAGE sql IMMUTABLE AS $$
	SELECT k.dim, k.key, r.shipped_day FROM search_counts_keys(r) k WHERE r.shipped_day IS NOT NULL
$$;

-- The location trees from their places: rows per supply chain and place (country, state, city) of the
-- destination ('dest') and the origin ('origin'), places without a country left out (the trees never show
-- them), read in one small index range instead of a skip scan of search_rows' place indexes.
CREATE OR REPLACE FUNCTION search_place_counts_keys(r search_rows) RETURNS TABLE (side text, country text, state text, city text) LANGUAGE sql IMMUTABLE AS $$
	SELECT 'dest', r.dest_country, r.dest_state, r.dest_city WHERE r.dest_country IS NOT NULL UNION ALL
	SELECT 'origin', r.origin_country, r.origin_state, r.origin_city WHERE r.origin_country IS NOT NULL
$$;

-- The counts of search_rows' changes, once per statement: one upsert per key and statement, whatever the
-- rows. An update moves only the rows whose counted keys changed.
CREATE OR REPLACE FUNCTION search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO search_counts AS c (organization_id, dim, key, rows)
		SELECT n.organization_id, k.dim, k.key, count(*) FROM new_rows n, search_counts_keys(n) k GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (organization_id, dim, key) DO UPDATE SET rows = c.rows + excluded.rows;
		INSERT INTO search_location_counts AS c (organization_id, dim, key, shape, rows)
		SELECT n.organization_id, k.dim, k.key, k.shape, count(*) FROM new_rows n, search_location_counts_keys(n) k GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, dim, key, shape) DO UPDATE SET rows = c.rows + excluded.rows;
		INSERT INTO search_day_counts AS c (organization_id, dim, key, day, rows)
		SELECT n.organization_id, k.dim, k.key, k.day, count(*) FROM new_rows n, search_day_counts_keys(n) k GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, dim, key, day) DO UPDATE SET rows = c.rows + excluded.rows;
		INSERT INTO search_place_counts AS c (organization_id, side, country, state, city, rows)
		SELECT n.organization_id, k.side, k.country, k.state, k.city, count(*) FROM new_rows n, search_place_counts_keys(n) k GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (organization_id, side, country, state, city) DO UPDATE SET rows = c.rows + excluded.rows;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO search_counts AS c (organization_id, dim, key, rows)
		SELECT o.organization_id, k.dim, k.key, -count(*) FROM old_rows o, search_counts_keys(o) k GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (organization_id, dim, key) DO UPDATE SET rows = c.rows + excluded.rows;
		INSERT INTO search_location_counts AS c (organization_id, dim, key, shape, rows)
		SELECT o.organization_id, k.dim, k.key, k.shape, -count(*) FROM old_rows o, search_location_counts_keys(o) k GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, dim, key, shape) DO UPDATE SET rows = c.rows + excluded.rows;
		INSERT INTO search_day_counts AS c (organization_id, dim, key, day, rows)
		SELECT o.organization_id, k.dim, k.key, k.day, -count(*) FROM old_rows o, search_day_counts_keys(o) k GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, dim, key, day) DO UPDATE SET rows = c.rows + excluded.rows;
		INSERT INTO search_place_counts AS c (organization_id, side, country, state, city, rows)
		SELECT o.organization_id, k.side, k.country, k.state, k.city, -count(*) FROM old_rows o, search_place_counts_keys(o) k GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (organization_id, side, country, state, city) DO UPDATE SET rows = c.rows + excluded.rows;
	ELSE
		INSERT INTO search_counts AS c (organization_id, dim, key, rows)
		SELECT organization_id, dim, key, sum(d) FROM (
			SELECT n.organization_id, k.dim, k.key, 1 AS d FROM new_rows n, search_counts_keys(n) k
			UNION ALL
			SELECT o.organization_id, k.dim, k.key, -1 FROM old_rows o, search_counts_keys(o) k
		) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
		ON CONFLICT (organization_id, dim, key) DO UPDATE SET rows = c.rows + excluded.rows;
		-- Only the rows whose name or counted keys changed (a new latest event changes neither).
		INSERT INTO search_location_counts AS c (organization_id, dim, key, shape, rows)
		SELECT organization_id, dim, key, shape, sum(d) FROM (
			SELECT n.organization_id, k.dim, k.key, k.shape, 1 AS d
			FROM new_rows n JOIN old_rows o ON o.ship_set_id = n.ship_set_id AND o.row_key = n.row_key, search_location_counts_keys(n) k
			WHERE (n.organization_id, n.location, n.carrier_id, n.conveyance_type_id, n.dest_country)
				IS DISTINCT FROM (o.organization_id, o.location, o.carrier_id, o.conveyance_type_id, o.dest_country)
			UNION ALL
			SELECT o.organization_id, k.dim, k.key, k.shape, -1
			FROM old_rows o JOIN new_rows n ON o.ship_set_id = n.ship_set_id AND o.row_key = n.row_key, search_location_counts_keys(o) k
			WHERE (n.organization_id, n.location, n.carrier_id, n.conveyance_type_id, n.dest_country)
				IS DISTINCT FROM (o.organization_id, o.location, o.carrier_id, o.conveyance_type_id, o.dest_country)
		) x GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, dim, key, shape) DO UPDATE SET rows = c.rows + excluded.rows;
		-- Only the rows whose day or counted keys changed (a new latest event changes neither).
		INSERT INTO search_day_counts AS c (organization_id, dim, key, day, rows)
		SELECT organization_id, dim, key, day, sum(d) FROM (
			SELECT n.organization_id, k.dim, k.key, k.day, 1 AS d
			FROM new_rows n JOIN old_rows o ON o.ship_set_id = n.ship_set_id AND o.row_key = n.row_key, search_day_counts_keys(n) k
			WHERE (n.organization_id, n.shipped_day, n.carrier_id, n.conveyance_type_id, n.dest_country)
				IS DISTINCT FROM (o.organization_id, o.shipped_day, o.carrier_id, o.conveyance_type_id, o.dest_country)
			UNION ALL
			SELECT o.organization_id, k.dim, k.key, k.day, -1
			FROM old_rows o JOIN new_rows n ON o.ship_set_id = n.ship_set_id AND o.row_key = n.row_key, search_day_counts_keys(o) k
			WHERE (n.organization_id, n.shipped_day, n.carrier_id, n.conveyance_type_id, n.dest_country)
				IS DISTINCT FROM (o.organization_id, o.shipped_day, o.carrier_id, o.conveyance_type_id, o.dest_country)
		) x GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, dim, key, day) DO UPDATE SET rows = c.rows + excluded.rows;
		-- Only the rows whose places changed.
		INSERT INTO search_place_counts AS c (organization_id, side, country, state, city, rows)
		SELECT organization_id, side, country, state, city, sum(d) FROM (
			SELECT n.organization_id, k.side, k.country, k.state, k.city, 1 AS d
			FROM new_rows n JOIN old_rows o ON o.ship_set_id = n.ship_set_id AND o.row_key = n.row_key, search_place_counts_keys(n) k
			WHERE (n.organization_id, n.dest_country, n.dest_state, n.dest_city, n.origin_country, n.origin_state, n.origin_city)
				IS DISTINCT FROM (o.organization_id, o.dest_country, o.dest_state, o.dest_city, o.origin_country, o.origin_state, o.origin_city)
			UNION ALL
			SELECT o.organization_id, k.side, k.country, k.state, k.city, -1
			FROM old_rows o JOIN new_rows n ON o.ship_set_id = n.ship_set_id AND o.row_key = n.row_key, search_place_counts_keys(o) k
			WHERE (n.organization_id, n.dest_country, n.dest_state, n.dest_city, n.origin_country, n.origin_state, n.origin_city)
				IS DISTINCT FROM (o.organization_id, o.dest_country, o.dest_state, o.dest_city, o.origin_country, o.origin_state, o.origin_city)
		) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (organization_id, side, country, state, city) DO UPDATE SET rows = c.rows + excluded.rows;
	END IF;
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER search_counts_insert AFTER INSERT ON search_rows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();
-- Skips the status-only updates (search_rows_ship_sets_written, search_rows_shipments_written): they change no
-- counted key, and the work over the transition tables cost more than the update itself.
CREATE OR REPLACE TRIGGER search_counts_update AFTER UPDATE ON search_rows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
	WHEN (current_setting('waymark.search_status_only', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION search_counts_apply();
CREATE OR REPLACE TRIGGER search_counts_delete AFTER DELETE ON search_rows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();
