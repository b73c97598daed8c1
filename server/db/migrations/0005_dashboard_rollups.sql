CREATE TABLE "dashboard_carrier_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"carrier_id" uuid NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"hours_sum" double precision DEFAULT 0 NOT NULL,
	"hours_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_carrier_days_organization_id_day_carrier_id_pk" PRIMARY KEY("organization_id","day","carrier_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_issue_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"substatus_type_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"order_type_id" uuid NOT NULL,
	"issues" integer DEFAULT 0 NOT NULL,
	"delivery_value" numeric(16, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_issue_days_organization_id_day_substatus_type_id_carrier_id_order_type_id_pk" PRIMARY KEY("organization_id","day","substatus_type_id","carrier_id","order_type_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_order_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"order_type_id" uuid NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"hours_sum" double precision DEFAULT 0 NOT NULL,
	"hours_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_order_days_organization_id_day_order_type_id_pk" PRIMARY KEY("organization_id","day","order_type_id")
);
--> statement-breakpoint
CREATE TABLE "issues_log_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer NOT NULL,
	"csv" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "dashboard_carrier_days" ADD CONSTRAINT "dashboard_carrier_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_issue_days" ADD CONSTRAINT "dashboard_issue_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_order_days" ADD CONSTRAINT "dashboard_order_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues_log_reports" ADD CONSTRAINT "issues_log_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues_log_reports" ADD CONSTRAINT "issues_log_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issues_log_reports_org_user_idx" ON "issues_log_reports" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_org_open_issue_idx" ON "shipments" USING btree ("organization_id","substatus_at") WHERE "shipments"."substatus_type_id" is not null and "shipments"."status" in ('pending', 'in_transit');