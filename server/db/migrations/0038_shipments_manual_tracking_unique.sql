-- Backs Add Shipment's check (server/shipments/shipments.queries.ts): one manually created shipment per
-- tracking number, in any case, on an order, also against a concurrent Add Shipment. The feed's
-- shipments (the ingestion API) are not held to it.
CREATE UNIQUE INDEX "shipments_org_order_manual_tracking_unique" ON "shipments" USING btree ("organization_id","ship_set_id",lower("tracking_number")) WHERE "shipments"."manually_created";