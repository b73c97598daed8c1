import { and, asc, between, desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
	measurements,
	measurementTypes,
	thresholdSettings,
	trackingGroupDrivers,
	trackingGroupItemReferences,
	trackingGroupItems,
	trackingGroups,
} from '../db/schema'
import { MAX_RANGE_MEASUREMENTS, type MeasurementsResponse } from './tracker.contract'

/**
 * The tracking API's reads (002 §7, the {api2} rows). Measurement types are global
 * reference data; everything under a tracking group is read only when that group
 * belongs to the caller's organization, and every query repeats the organization.
 */

export async function listMeasurementTypes(db: Database) {
	const rows = await db.select().from(measurementTypes).orderBy(asc(measurementTypes.name))
	return rows.map((t) => ({
		id: t.id,
		code: t.code,
		name: t.name,
		measurement_type_uoms: [{ code: t.uomCode, display_name: t.displayName }],
	}))
}

/** True when the tracking group exists in this organization (another tenant's = unknown). */
export async function ownsTrackingGroup(
	db: Database,
	organizationId: string,
	trackingGroupId: string,
): Promise<boolean> {
	const [row] = await db
		.select({ id: trackingGroups.id })
		.from(trackingGroups)
		.where(
			and(
				eq(trackingGroups.id, trackingGroupId),
				eq(trackingGroups.organizationId, organizationId),
			),
		)
		.limit(1)
	return !!row
}

export async function listDrivers(db: Database, organizationId: string, trackingGroupId: string) {
	return db
		.select({
			id: trackingGroupDrivers.id,
			name: trackingGroupDrivers.name,
			phone_number: trackingGroupDrivers.phoneNumber,
			license_plate: trackingGroupDrivers.licensePlate,
		})
		.from(trackingGroupDrivers)
		.where(
			and(
				eq(trackingGroupDrivers.trackingGroupId, trackingGroupId),
				eq(trackingGroupDrivers.organizationId, organizationId),
			),
		)
		.orderBy(asc(trackingGroupDrivers.name), asc(trackingGroupDrivers.id))
}

export async function listItems(db: Database, organizationId: string, trackingGroupId: string) {
	const items = await db
		.select()
		.from(trackingGroupItems)
		.where(
			and(
				eq(trackingGroupItems.trackingGroupId, trackingGroupId),
				eq(trackingGroupItems.organizationId, organizationId),
			),
		)
		.orderBy(asc(trackingGroupItems.name), asc(trackingGroupItems.id))
	const refs = await db
		.select({
			id: trackingGroupItemReferences.id,
			itemId: trackingGroupItemReferences.trackingGroupItemId,
			reference_type: trackingGroupItemReferences.referenceType,
			value: trackingGroupItemReferences.value,
		})
		.from(trackingGroupItemReferences)
		.innerJoin(
			trackingGroupItems,
			eq(trackingGroupItems.id, trackingGroupItemReferences.trackingGroupItemId),
		)
		.where(
			and(
				eq(trackingGroupItems.trackingGroupId, trackingGroupId),
				eq(trackingGroupItemReferences.organizationId, organizationId),
			),
		)
		.orderBy(asc(trackingGroupItemReferences.referenceType), asc(trackingGroupItemReferences.value))
	return items.map((i) => ({
		id: i.id,
		name: i.name,
		item_type: i.itemType,
		measurable_id: i.measurableId,
		tracking_group_item_references: refs
			.filter((r) => r.itemId === i.id)
			.map((r) => ({ id: r.id, reference_type: r.reference_type, value: r.value })),
	}))
}

export async function listThresholds(
	db: Database,
	organizationId: string,
	trackingGroupId: string,
) {
	return db
		.select({
			id: thresholdSettings.id,
			measurement_type_id: thresholdSettings.measurementTypeId,
			measurement_type_code: measurementTypes.code,
			min: thresholdSettings.min,
			max: thresholdSettings.max,
		})
		.from(thresholdSettings)
		.innerJoin(measurementTypes, eq(measurementTypes.id, thresholdSettings.measurementTypeId))
		.where(
			and(
				eq(thresholdSettings.trackingGroupId, trackingGroupId),
				eq(thresholdSettings.organizationId, organizationId),
			),
		)
		.orderBy(asc(measurementTypes.code))
}

/** The measurement type's id by code, or null when no such type exists. */
export async function measurementTypeId(db: Database, code: string): Promise<string | null> {
	const [row] = await db
		.select({ id: measurementTypes.id })
		.from(measurementTypes)
		.where(eq(measurementTypes.code, code))
		.limit(1)
	return row?.id ?? null
}

type Reading = MeasurementsResponse['measurements'][number]

/**
 * One item's readings of one type: the newest `last`, or those in [from, to] (at most
 * MAX_RANGE_MEASUREMENTS, the earliest); oldest first either way.
 */
export async function listMeasurements(
	db: Database,
	organizationId: string,
	trackingGroupId: string,
	q: { measurableId: string; typeId: string } & ({ last: number } | { from: Date; to: Date }),
): Promise<Reading[]> {
	const scope = and(
		eq(measurements.trackingGroupId, trackingGroupId),
		eq(measurements.organizationId, organizationId),
		eq(measurements.measurementTypeId, q.typeId),
		eq(measurements.measurableId, q.measurableId),
	)
	const columns = { measureAt: measurements.measureAt, value: measurements.value }
	const rows =
		'last' in q
			? (
					await db
						.select(columns)
						.from(measurements)
						.where(scope)
						.orderBy(desc(measurements.measureAt))
						.limit(q.last)
				).reverse()
			: await db
					.select(columns)
					.from(measurements)
					.where(and(scope, between(measurements.measureAt, q.from, q.to)))
					.orderBy(asc(measurements.measureAt))
					.limit(MAX_RANGE_MEASUREMENTS)
	return rows.map((r) => ({ measure_at: r.measureAt.toISOString(), value: r.value }))
}
