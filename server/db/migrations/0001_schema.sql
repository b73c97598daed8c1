CREATE TABLE "feature_toggles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"organization_id" uuid,
	"enabled" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_toggles_name_org_unique" UNIQUE NULLS NOT DISTINCT("name","organization_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"subscribed_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_user_org_unique" UNIQUE("user_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"support_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"given_name" text,
	"family_name" text,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"conveyance_type_id" uuid NOT NULL,
	"scac" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carriers_org_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "conveyance_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conveyance_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "custom_attribute_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"object_type" text NOT NULL,
	"data_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_attribute_types_org_object_name_unique" UNIQUE("organization_id","object_type","name")
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_types_org_code_unique" UNIQUE NULLS NOT DISTINCT("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"street1" text,
	"street2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"latitude" double precision,
	"longitude" double precision,
	"timezone" text,
	"kind" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"uom_code" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurement_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "order_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_types_org_name_unique" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "status_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "substatus_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status_type_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "substatus_types_status_code_unique" UNIQUE("status_type_id","code")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_org_name_unique" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"node_id" uuid,
	"shipment_id" uuid,
	"title" text NOT NULL,
	"summary" text,
	"event_type" text DEFAULT 'info' NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"timezone_name" text,
	"stale_at" timestamp with time zone,
	"blockchain_verified" boolean DEFAULT false NOT NULL,
	"location_at" text,
	"substatus_type_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_event_type_check" CHECK ("events"."event_type" in ('transit', 'delivered', 'exception', 'info'))
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"building_type" text NOT NULL,
	"icon_class" text,
	"source" text DEFAULT 'data' NOT NULL,
	"final_mile" boolean DEFAULT false NOT NULL,
	"connectable_id" uuid,
	"tracking_group_id" uuid,
	"location_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"position_in_group" integer DEFAULT 0 NOT NULL,
	"first_event_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"with_exception_event" boolean DEFAULT false NOT NULL,
	"damage_category" text,
	"damage_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nodes_building_type_check" CHECK ("nodes"."building_type" in ('Factory', 'Transit', 'Transit Hub', 'DC', 'Customer', 'Damage'))
);
--> statement-breakpoint
CREATE TABLE "ship_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reference_number" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"location_id" uuid,
	"order_type_id" uuid,
	"promise_date" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"delivered_at_timezone_name" text,
	"shipment_delivery_date" timestamp with time zone,
	"shipment_delivery_date_timezone" text,
	"shipment_delivery_status" text,
	"days_before" integer DEFAULT 3 NOT NULL,
	"delivery_value" numeric(14, 2),
	"last_event_at" timestamp with time zone,
	"last_event_id" uuid,
	"first_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ship_sets_status_check" CHECK ("ship_sets"."status" in ('pending', 'in_process', 'in_transit', 'delivered', 'cancelled', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "shipment_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"reference_type" text DEFAULT 'DeliveryID' NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"carrier_id" uuid,
	"tracking_number" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"manually_created" boolean DEFAULT false NOT NULL,
	"final_mile" boolean DEFAULT false NOT NULL,
	"shipped_at" timestamp with time zone,
	"shipped_at_tz" text,
	"delivered_at" timestamp with time zone,
	"estimated_delivery_date" timestamp with time zone,
	"estimated_delivery_date_timezone" text,
	"eta" timestamp with time zone,
	"eta_timezone" text,
	"weight" double precision,
	"weight_unit" text,
	"service_level" text,
	"service_type" text,
	"origin_port" text,
	"destination_port" text,
	"shipper_location_id" uuid,
	"consignee_location_id" uuid,
	"pallet_number" text,
	"carton_number" text,
	"freight_cost" numeric(12, 2),
	"late" boolean DEFAULT false NOT NULL,
	"substatus_type_id" uuid,
	"substatus_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('pending', 'in_transit', 'delivered', 'closed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "tracking_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"device_type_name" text,
	"shipment_id" uuid,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"custom_attribute_type_id" uuid NOT NULL,
	"ship_set_id" uuid,
	"shipment_id" uuid,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_attributes_owner" CHECK ("custom_attributes"."ship_set_id" is not null or "custom_attributes"."shipment_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "freight_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid,
	"shipment_id" uuid,
	"carrier_id" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"invoiced_at" timestamp with time zone NOT NULL,
	"mode" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "related_ship_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"related_ship_set_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "related_ship_sets_pair_unique" UNIQUE("ship_set_id","related_ship_set_id"),
	CONSTRAINT "related_ship_sets_not_self" CHECK ("related_ship_sets"."ship_set_id" <> "related_ship_sets"."related_ship_set_id")
);
--> statement-breakpoint
CREATE TABLE "ship_set_tags" (
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ship_set_tags_ship_set_id_tag_id_pk" PRIMARY KEY("ship_set_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "comment_mentions" (
	"organization_id" uuid NOT NULL,
	"comment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_mentions_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"node_id" uuid,
	"user_id" uuid,
	"body" text NOT NULL,
	"has_mention" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_body_length" CHECK (char_length("comments"."body") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"node_id" uuid,
	"document_type_id" uuid,
	"other_document_type" text,
	"file_file_name" text NOT NULL,
	"file_content_type" text NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text,
	"blockchain_verified" boolean DEFAULT false NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historical_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"user_id" uuid,
	"message" text NOT NULL,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"node_id" uuid,
	"image_file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"notes" text,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_user_ship_set_unique" UNIQUE("user_id","ship_set_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"user_id" uuid,
	"guest_email" text,
	"view_type" text DEFAULT 'user' NOT NULL,
	"notif_type" text DEFAULT 'all_status' NOT NULL,
	"nodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"comments" boolean DEFAULT false NOT NULL,
	"promise_date" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_ship_set_user_unique" UNIQUE("ship_set_id","user_id"),
	CONSTRAINT "notification_preferences_ship_set_guest_unique" UNIQUE("ship_set_id","guest_email"),
	CONSTRAINT "notification_preferences_notif_type_check" CHECK ("notification_preferences"."notif_type" in ('all_status', 'final_mile', 'delivered', 'nodes', 'no_notif')),
	CONSTRAINT "notification_preferences_owner" CHECK ("notification_preferences"."user_id" is not null or "notification_preferences"."guest_email" is not null)
);
--> statement-breakpoint
CREATE TABLE "recently_viewed" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recently_viewed_user_ship_set_unique" UNIQUE("user_id","ship_set_id")
);
--> statement-breakpoint
CREATE TABLE "share_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"view_type" text DEFAULT 'customer' NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_recipients_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"view_type" text DEFAULT 'customer' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_view_type_check" CHECK ("shares"."view_type" in ('customer', 'supply_chain'))
);
--> statement-breakpoint
CREATE TABLE "breached_order_ship_sets" (
	"organization_id" uuid NOT NULL,
	"breached_order_id" uuid NOT NULL,
	"ship_set_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "breached_order_ship_sets_breached_order_id_ship_set_id_pk" PRIMARY KEY("breached_order_id","ship_set_id")
);
--> statement-breakpoint
CREATE TABLE "breached_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tracking_group_id" uuid NOT NULL,
	"shipment_id" uuid,
	"tracking_group_item_id" uuid,
	"item_type" text NOT NULL,
	"item_name" text NOT NULL,
	"measurable_id" text NOT NULL,
	"ongoing" boolean DEFAULT true NOT NULL,
	"first_event_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"breach_count" integer DEFAULT 0 NOT NULL,
	"total_duration_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_exception_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"breached_order_id" uuid NOT NULL,
	"measurement_type_id" uuid,
	"sensor_type_code" text NOT NULL,
	"first_event_summary" text NOT NULL,
	"first_event_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone,
	"min_threshold_value" double precision,
	"max_threshold_value" double precision,
	"sensor_uom_code" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"durations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurement_exception_summaries_order_type_unique" UNIQUE("breached_order_id","sensor_type_code")
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tracking_group_id" uuid NOT NULL,
	"measurable_id" text NOT NULL,
	"measurement_type_id" uuid NOT NULL,
	"measure_at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threshold_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tracking_group_id" uuid NOT NULL,
	"measurement_type_id" uuid NOT NULL,
	"min" double precision,
	"max" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threshold_settings_group_type_unique" UNIQUE("tracking_group_id","measurement_type_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_group_drivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tracking_group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"license_plate" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_group_item_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tracking_group_item_id" uuid NOT NULL,
	"reference_type" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_group_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tracking_group_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"name" text NOT NULL,
	"measurable_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_group_items_group_measurable_unique" UNIQUE("tracking_group_id","measurable_id")
);
--> statement-breakpoint
ALTER TABLE "feature_toggles" ADD CONSTRAINT "feature_toggles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_conveyance_type_id_conveyance_types_id_fk" FOREIGN KEY ("conveyance_type_id") REFERENCES "public"."conveyance_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_attribute_types" ADD CONSTRAINT "custom_attribute_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_types" ADD CONSTRAINT "document_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_types" ADD CONSTRAINT "order_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substatus_types" ADD CONSTRAINT "substatus_types_status_type_id_status_types_id_fk" FOREIGN KEY ("status_type_id") REFERENCES "public"."status_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_substatus_type_id_substatus_types_id_fk" FOREIGN KEY ("substatus_type_id") REFERENCES "public"."substatus_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_connectable_id_shipments_id_fk" FOREIGN KEY ("connectable_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_sets" ADD CONSTRAINT "ship_sets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_sets" ADD CONSTRAINT "ship_sets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_sets" ADD CONSTRAINT "ship_sets_order_type_id_order_types_id_fk" FOREIGN KEY ("order_type_id") REFERENCES "public"."order_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_references" ADD CONSTRAINT "shipment_references_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_references" ADD CONSTRAINT "shipment_references_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipper_location_id_locations_id_fk" FOREIGN KEY ("shipper_location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_consignee_location_id_locations_id_fk" FOREIGN KEY ("consignee_location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_substatus_type_id_substatus_types_id_fk" FOREIGN KEY ("substatus_type_id") REFERENCES "public"."substatus_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_groups" ADD CONSTRAINT "tracking_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_groups" ADD CONSTRAINT "tracking_groups_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_attributes" ADD CONSTRAINT "custom_attributes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_attributes" ADD CONSTRAINT "custom_attributes_custom_attribute_type_id_custom_attribute_types_id_fk" FOREIGN KEY ("custom_attribute_type_id") REFERENCES "public"."custom_attribute_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_attributes" ADD CONSTRAINT "custom_attributes_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_attributes" ADD CONSTRAINT "custom_attributes_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_costs" ADD CONSTRAINT "freight_costs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_costs" ADD CONSTRAINT "freight_costs_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_costs" ADD CONSTRAINT "freight_costs_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_costs" ADD CONSTRAINT "freight_costs_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_ship_sets" ADD CONSTRAINT "related_ship_sets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_ship_sets" ADD CONSTRAINT "related_ship_sets_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_ship_sets" ADD CONSTRAINT "related_ship_sets_related_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("related_ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_set_tags" ADD CONSTRAINT "ship_set_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_set_tags" ADD CONSTRAINT "ship_set_tags_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_set_tags" ADD CONSTRAINT "ship_set_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_logs" ADD CONSTRAINT "historical_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_logs" ADD CONSTRAINT "historical_logs_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_logs" ADD CONSTRAINT "historical_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_logs" ADD CONSTRAINT "historical_logs_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_recipients" ADD CONSTRAINT "share_recipients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_recipients" ADD CONSTRAINT "share_recipients_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_recipients" ADD CONSTRAINT "share_recipients_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_recipients" ADD CONSTRAINT "share_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breached_order_ship_sets" ADD CONSTRAINT "breached_order_ship_sets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breached_order_ship_sets" ADD CONSTRAINT "breached_order_ship_sets_breached_order_id_breached_orders_id_fk" FOREIGN KEY ("breached_order_id") REFERENCES "public"."breached_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breached_order_ship_sets" ADD CONSTRAINT "breached_order_ship_sets_ship_set_id_ship_sets_id_fk" FOREIGN KEY ("ship_set_id") REFERENCES "public"."ship_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breached_orders" ADD CONSTRAINT "breached_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breached_orders" ADD CONSTRAINT "breached_orders_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breached_orders" ADD CONSTRAINT "breached_orders_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breached_orders" ADD CONSTRAINT "breached_orders_tracking_group_item_id_tracking_group_items_id_fk" FOREIGN KEY ("tracking_group_item_id") REFERENCES "public"."tracking_group_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_exception_summaries" ADD CONSTRAINT "measurement_exception_summaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_exception_summaries" ADD CONSTRAINT "measurement_exception_summaries_breached_order_id_breached_orders_id_fk" FOREIGN KEY ("breached_order_id") REFERENCES "public"."breached_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_exception_summaries" ADD CONSTRAINT "measurement_exception_summaries_measurement_type_id_measurement_types_id_fk" FOREIGN KEY ("measurement_type_id") REFERENCES "public"."measurement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_measurement_type_id_measurement_types_id_fk" FOREIGN KEY ("measurement_type_id") REFERENCES "public"."measurement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_settings" ADD CONSTRAINT "threshold_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_settings" ADD CONSTRAINT "threshold_settings_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_settings" ADD CONSTRAINT "threshold_settings_measurement_type_id_measurement_types_id_fk" FOREIGN KEY ("measurement_type_id") REFERENCES "public"."measurement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_group_drivers" ADD CONSTRAINT "tracking_group_drivers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_group_drivers" ADD CONSTRAINT "tracking_group_drivers_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_group_item_references" ADD CONSTRAINT "tracking_group_item_references_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_group_item_references" ADD CONSTRAINT "tracking_group_item_references_tracking_group_item_id_tracking_group_items_id_fk" FOREIGN KEY ("tracking_group_item_id") REFERENCES "public"."tracking_group_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_group_items" ADD CONSTRAINT "tracking_group_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_group_items" ADD CONSTRAINT "tracking_group_items_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_org_idx" ON "memberships" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_unsent_idx" ON "outbox_emails" USING btree ("created_at") WHERE "outbox_emails"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "carriers_org_name_idx" ON "carriers" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_org_country_state_city_idx" ON "locations" USING btree ("organization_id","country","state","city");--> statement-breakpoint
CREATE INDEX "events_node_event_at_idx" ON "events" USING btree ("node_id","event_at");--> statement-breakpoint
CREATE INDEX "events_ship_set_event_at_idx" ON "events" USING btree ("ship_set_id","event_at");--> statement-breakpoint
CREATE INDEX "events_shipment_idx" ON "events" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "nodes_ship_set_position_idx" ON "nodes" USING btree ("ship_set_id","position","position_in_group");--> statement-breakpoint
CREATE INDEX "nodes_connectable_idx" ON "nodes" USING btree ("connectable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ship_sets_org_name_unique" ON "ship_sets" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "ship_sets_org_name_pattern_idx" ON "ship_sets" USING btree ("organization_id","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ship_sets_org_reference_idx" ON "ship_sets" USING btree ("organization_id","reference_number");--> statement-breakpoint
CREATE INDEX "ship_sets_org_status_last_event_idx" ON "ship_sets" USING btree ("organization_id","status","last_event_at");--> statement-breakpoint
CREATE INDEX "ship_sets_org_created_idx" ON "ship_sets" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "ship_sets_org_last_event_idx" ON "ship_sets" USING btree ("organization_id","last_event_at");--> statement-breakpoint
CREATE INDEX "ship_sets_location_idx" ON "ship_sets" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "shipment_references_shipment_idx" ON "shipment_references" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_ship_set_idx" ON "shipments" USING btree ("ship_set_id");--> statement-breakpoint
CREATE INDEX "shipments_org_tracking_idx" ON "shipments" USING btree ("organization_id","tracking_number");--> statement-breakpoint
CREATE INDEX "shipments_org_pallet_idx" ON "shipments" USING btree ("organization_id","pallet_number");--> statement-breakpoint
CREATE INDEX "shipments_org_carton_idx" ON "shipments" USING btree ("organization_id","carton_number");--> statement-breakpoint
CREATE INDEX "shipments_org_carrier_shipped_idx" ON "shipments" USING btree ("organization_id","carrier_id","shipped_at");--> statement-breakpoint
CREATE INDEX "shipments_org_shipped_idx" ON "shipments" USING btree ("organization_id","shipped_at");--> statement-breakpoint
CREATE INDEX "tracking_groups_shipment_idx" ON "tracking_groups" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "custom_attributes_ship_set_idx" ON "custom_attributes" USING btree ("ship_set_id");--> statement-breakpoint
CREATE INDEX "custom_attributes_shipment_idx" ON "custom_attributes" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "custom_attributes_type_value_idx" ON "custom_attributes" USING btree ("organization_id","custom_attribute_type_id","value");--> statement-breakpoint
CREATE INDEX "freight_costs_org_invoiced_idx" ON "freight_costs" USING btree ("organization_id","invoiced_at");--> statement-breakpoint
CREATE INDEX "freight_costs_shipment_idx" ON "freight_costs" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "related_ship_sets_related_idx" ON "related_ship_sets" USING btree ("related_ship_set_id");--> statement-breakpoint
CREATE INDEX "ship_set_tags_tag_idx" ON "ship_set_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "comment_mentions_user_org_created_idx" ON "comment_mentions" USING btree ("user_id","organization_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_ship_set_created_idx" ON "comments" USING btree ("ship_set_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_ship_set_created_idx" ON "documents" USING btree ("ship_set_id","created_at");--> statement-breakpoint
CREATE INDEX "historical_logs_ship_set_created_idx" ON "historical_logs" USING btree ("ship_set_id","created_at");--> statement-breakpoint
CREATE INDEX "photos_ship_set_created_idx" ON "photos" USING btree ("ship_set_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_user_org_created_idx" ON "follows" USING btree ("user_id","organization_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_ship_set_idx" ON "follows" USING btree ("ship_set_id");--> statement-breakpoint
CREATE INDEX "recently_viewed_user_org_viewed_idx" ON "recently_viewed" USING btree ("user_id","organization_id","viewed_at");--> statement-breakpoint
CREATE INDEX "share_recipients_share_idx" ON "share_recipients" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "share_recipients_ship_set_email_idx" ON "share_recipients" USING btree ("ship_set_id","email");--> statement-breakpoint
CREATE INDEX "shares_ship_set_idx" ON "shares" USING btree ("ship_set_id");--> statement-breakpoint
CREATE INDEX "breached_order_ship_sets_ship_set_idx" ON "breached_order_ship_sets" USING btree ("ship_set_id");--> statement-breakpoint
CREATE INDEX "breached_orders_org_ongoing_last_idx" ON "breached_orders" USING btree ("organization_id","ongoing","last_event_at");--> statement-breakpoint
CREATE INDEX "breached_orders_group_idx" ON "breached_orders" USING btree ("tracking_group_id");--> statement-breakpoint
CREATE INDEX "measurements_group_type_item_at_idx" ON "measurements" USING btree ("tracking_group_id","measurement_type_id","measurable_id","measure_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tracking_group_drivers_group_idx" ON "tracking_group_drivers" USING btree ("tracking_group_id");--> statement-breakpoint
CREATE INDEX "tracking_group_item_references_item_idx" ON "tracking_group_item_references" USING btree ("tracking_group_item_id");