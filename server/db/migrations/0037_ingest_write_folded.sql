-- The ingestion's writes folded into waymark_ingest_write (server/db/sql/80-ingest.sql), which takes the
-- nodes' positions from the derivation (server/ingest/derive.ts) instead of a list of strips to place.
DROP FUNCTION waymark_ingest_write(uuid, json, jsonb, uuid[], jsonb, jsonb, jsonb);
--> statement-breakpoint
DROP FUNCTION waymark_ingest_nodes(uuid, jsonb);
--> statement-breakpoint
DROP FUNCTION waymark_ingest_shipments(uuid, jsonb);
--> statement-breakpoint
DROP FUNCTION waymark_ingest_orders(uuid, jsonb);
--> statement-breakpoint
DROP FUNCTION waymark_place_strips(uuid[]);
