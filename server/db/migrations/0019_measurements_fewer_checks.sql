ALTER TABLE "measurements" DROP CONSTRAINT "measurements_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "measurements" DROP CONSTRAINT "measurements_measurement_type_id_measurement_types_id_fk";
