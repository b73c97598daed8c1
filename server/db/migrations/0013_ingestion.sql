CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"source" text DEFAULT 'web' NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"good_rows" integer DEFAULT 0 NOT NULL,
	"bad_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_org_created_idx" ON "imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "locations_org_name_idx" ON "locations" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "events_org_external_id_unique" ON "events" USING btree ("organization_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_org_external_id_unique" ON "shipments" USING btree ("organization_id","external_id");