-- Every read model of one supply chain made whole again after a bulk load with the triggers off (the scale seed,
-- server/db/seed/scale.ts, loads with session_replication_role = replica), from the definitions the triggers
-- apply row by row: the dashboard rollups (40-dashboard.sql) and the freight report (50-freight-analytics.sql)
-- from scratch, the search rows (30-search.sql) of the orders that have none.
CREATE OR REPLACE FUNCTION rebuild_read_models(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM rebuild_dashboard_rollups(org);
	PERFORM rebuild_analytics_freight_months(org);
	PERFORM fill_search_rows(org);
END $$;
