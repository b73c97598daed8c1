-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
-- Two more counts the search read model keeps (ADR 0021), each kept by the statement trigger on search_rows that
-- keeps search_counts and search_location_counts, each as small as what it counts, not the orders.
--
-- Date-range counts by day. A range of shipment dates matches the rows whose shipped_day lies in it, so its count
-- is the sum of the rows of each of its days: search_day_counts holds those per supply chain and day, in all and
-- per carrier, conveyance type and destination country (the dimensions of search_counts). A month is the sum of 31
-- rows whatever the orders shipped in it.
--
-- The location trees from their places. search_place_counts holds the rows per supply chain and place
-- (country, state, city) of the destination ('dest') and the origin ('origin'), places without a country left
-- out (the trees never show them): the trees are the places with rows, read in one small index range instead of
-- a skip scan of search_rows' place indexes (one descent per distinct country, state and city).
CREATE TABLE search_day_counts (
	organization_id uuid NOT NULL,
	dim text NOT NULL,
	key text NOT NULL,
	day date NOT NULL,
	rows bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (organization_id, dim, key, day)
);
--> statement-breakpoint
CREATE FUNCTION search_day_counts_keys(r search_rows) RETURNS TABLE (dim text, key text, day date) LANGUAGE sql IMMUTABLE AS $$
	SELECT k.dim, k.key, r.shipped_day FROM search_counts_keys(r) k WHERE r.shipped_day IS NOT NULL
$$;
--> statement-breakpoint
CREATE TABLE search_place_counts (
	organization_id uuid NOT NULL,
	side text NOT NULL,
	country text NOT NULL,
	state text,
	city text,
	rows bigint NOT NULL DEFAULT 0,
	CONSTRAINT search_place_counts_place_unique UNIQUE NULLS NOT DISTINCT (organization_id, side, country, state, city)
);
--> statement-breakpoint
CREATE FUNCTION search_place_counts_keys(r search_rows) RETURNS TABLE (side text, country text, state text, city text) LANGUAGE sql IMMUTABLE AS $$
	SELECT 'dest', r.dest_country, r.dest_state, r.dest_city WHERE r.dest_country IS NOT NULL UNION ALL
	SELECT 'origin', r.origin_country, r.origin_state, r.origin_city WHERE r.origin_country IS NOT NULL
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- The counts of the rows there are (the triggers keep them from here on).
INSERT INTO search_day_counts (organization_id, dim, key, day, rows)
SELECT r.organization_id, k.dim, k.key, k.day, count(*) FROM search_rows r, search_day_counts_keys(r) k GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO search_place_counts (organization_id, side, country, state, city, rows)
SELECT r.organization_id, k.side, k.country, k.state, k.city, count(*) FROM search_rows r, search_place_counts_keys(r) k GROUP BY 1, 2, 3, 4, 5;
