-- The database's functions and triggers are source files now (server/db/sql/, applied after the
-- migrations at every start; docs/decisions/0031): waymark_sql_sources records which text each file
-- was applied with. The timeline's kept answers are taken down (ADR 0031, superseding ADR 0029 §21):
-- timeline_versions, its sequence, the statement triggers that set it (each dropped with its
-- function) and waymark_timeline_read, and the index only those triggers used.
CREATE TABLE "waymark_sql_sources" (
	"name" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"migrations" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "timeline_versions" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "timeline_versions" CASCADE;--> statement-breakpoint
DROP INDEX "nodes_tracking_group_idx";
--> statement-breakpoint
DROP FUNCTION waymark_timeline_read(uuid, uuid, uuid, integer, text);
--> statement-breakpoint
DROP FUNCTION waymark_timeline_rows_written() CASCADE;
--> statement-breakpoint
DROP FUNCTION waymark_timeline_ship_sets_written() CASCADE;
--> statement-breakpoint
DROP FUNCTION waymark_timeline_relations_written() CASCADE;
--> statement-breakpoint
DROP FUNCTION waymark_timeline_mentions_written() CASCADE;
--> statement-breakpoint
DROP FUNCTION waymark_timeline_readings_written() CASCADE;
--> statement-breakpoint
DROP FUNCTION waymark_timeline_reference_written() CASCADE;
--> statement-breakpoint
DROP FUNCTION waymark_timeline_users_written() CASCADE;
--> statement-breakpoint
DROP FUNCTION waymark_timeline_memberships_written() CASCADE;
--> statement-breakpoint
DROP FUNCTION waymark_timeline_touch(uuid[]);
--> statement-breakpoint
DROP SEQUENCE timeline_versions_seq;
