-- The Live Feed's total per supply chain, kept in the writer's transaction (docs/decisions/0033).
CREATE TABLE "dashboard_feed_counts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_feed_counts" ADD CONSTRAINT "dashboard_feed_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The count as it is now; from here on server/db/sql/40-dashboard.sql keeps it.
INSERT INTO "dashboard_feed_counts" ("organization_id", "orders")
SELECT "organization_id", count(*) FROM "ship_sets" WHERE "first_event_at" IS NOT NULL GROUP BY "organization_id";
