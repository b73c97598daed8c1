-- Exact counts of a shipment date range without counting rows (ADR 0021, "Date-range counts by day"). A range
-- of shipment dates matches the rows whose shipped_day lies in it, so its count is the sum of the rows of each of
-- its days: search_day_counts holds those per supply chain and day, in all and per carrier, conveyance type and
-- destination country (the dimensions of search_counts), kept by the same statement trigger on search_rows as
-- search_counts and search_location_counts. Its size follows the days with shipments (and the carriers, conveyance
-- types and countries), not the orders: a month is the sum of 31 rows whatever the orders shipped in it.
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
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The counts of the rows there are (the triggers keep them from here on).
INSERT INTO search_day_counts (organization_id, dim, key, day, rows)
SELECT r.organization_id, k.dim, k.key, k.day, count(*) FROM search_rows r, search_day_counts_keys(r) k GROUP BY 1, 2, 3, 4;
