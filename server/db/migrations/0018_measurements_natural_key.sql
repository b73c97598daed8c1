ALTER TABLE "measurements" DROP COLUMN "id";--> statement-breakpoint
DROP INDEX "measurements_group_type_item_at_idx";--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_pkey" PRIMARY KEY("tracking_group_id","measurement_type_id","measurable_id","measure_at");
