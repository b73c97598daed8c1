ALTER TABLE "breached_orders" ADD COLUMN "node_id" uuid;--> statement-breakpoint
ALTER TABLE "breached_orders" ADD COLUMN "custodian" text;--> statement-breakpoint
ALTER TABLE "breached_orders" ADD CONSTRAINT "breached_orders_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE set null ON UPDATE no action;