-- Every read model of one supply chain made whole again after a bulk load with the triggers off (the scale seed,
-- server/db/seed/scale.ts, loads with session_replication_role = replica), from the definitions the triggers
-- apply row by row: the dashboard rollups (server/dashboard/dashboard.sql) and the freight report (server/analytics/freight-analytics.sql)
-- from scratch, the search rows (server/search/search.sql) of the orders that have none.
CREATE OR REPLACE FUNCTION rebuild_read_models(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM rebuild_dashboard_rollups(org);
	PERFORM rebuild_analytics_freight_months(org);
	PERFORM fill_search_rows(org);
END $$;
