-- History: the functions and triggers below are as this migration made them. Their live text is in
-- server/db/sql/, applied after the migrations at every start (docs/decisions/0031): edit there.
-- Exact counts of a containment on the final location name without counting rows (ADR 0021, "Location-name
-- containment"). A name's shape is the name with every run of ASCII digits written as one \x01: 'Coho Labs 41'
-- and 'Coho Labs 7' share the shape 'Coho Labs \x01'. A pattern without digits and without \x01 matches a name
-- exactly when it matches its shape (a match can neither use a digit nor cross one, and the letters around the
-- digits are the same), so the count of rows whose name contains it is the sum of the counts of the shapes that
-- contain it. search_location_counts holds those counts per supply chain and shape, in all and per carrier,
-- conveyance type and destination country (the dimensions of search_counts), kept by the same statement trigger
-- on search_rows as search_counts. Its size follows the distinct shapes, not the orders.
CREATE FUNCTION search_location_shape(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT regexp_replace(name, '[0-9]+', E'\x01', 'g')
$$;
--> statement-breakpoint
CREATE TABLE search_location_counts (
	organization_id uuid NOT NULL,
	dim text NOT NULL,
	key text NOT NULL,
	shape text NOT NULL,
	rows bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (organization_id, dim, key, shape)
);
--> statement-breakpoint
CREATE FUNCTION search_location_counts_keys(r search_rows) RETURNS TABLE (dim text, key text, shape text) LANGUAGE sql IMMUTABLE AS $$
	SELECT k.dim, k.key, search_location_shape(r.location) FROM search_counts_keys(r) k WHERE r.location IS NOT NULL
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
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO search_counts AS c (organization_id, dim, key, rows)
		SELECT o.organization_id, k.dim, k.key, -count(*) FROM old_rows o, search_counts_keys(o) k GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (organization_id, dim, key) DO UPDATE SET rows = c.rows + excluded.rows;
		INSERT INTO search_location_counts AS c (organization_id, dim, key, shape, rows)
		SELECT o.organization_id, k.dim, k.key, k.shape, -count(*) FROM old_rows o, search_location_counts_keys(o) k GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, dim, key, shape) DO UPDATE SET rows = c.rows + excluded.rows;
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
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The counts of the rows there are (the triggers keep them from here on).
INSERT INTO search_location_counts (organization_id, dim, key, shape, rows)
SELECT r.organization_id, k.dim, k.key, k.shape, count(*) FROM search_rows r, search_location_counts_keys(r) k GROUP BY 1, 2, 3, 4;
