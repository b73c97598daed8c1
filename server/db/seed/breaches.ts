import {
	breachCount,
	detect,
	totalSeconds,
	type Reading,
	type Threshold,
} from '../../sensors/detection'
import { summaryRow } from '../../sensors/ingest'
import { globalIds } from './reference'
import { MEASUREMENT_TYPES } from './reference-data'
import type { SeedRows } from './rows'

/**
 * The demo's breaches come out of the same detection the ingestion endpoint runs
 * (server/sensors/detection.ts): the seeded readings of a tracked item are stepped through it and
 * the breaches it returns become rows, with the same summary rows the endpoint writes. Their
 * attribution (node and custodian) is filled after the rows are stored, by the same statement
 * (server/sensors/attribution.ts).
 */

const TYPES = new Map(
	MEASUREMENT_TYPES.map((t) => [
		t.code as string,
		{
			id: globalIds.measurementType(t.code),
			uom: t.uomCode as string,
			name: t.name as string,
			unit: t.displayName as string,
		},
	]),
)

export interface TrackedItem {
	organizationId: string
	trackingGroupId: string
	shipmentId: string
	item: { id: string; itemType: string; name: string; measurableId: string }
	shipSetIds: string[]
	timezone: string
	thresholds: ReadonlyMap<string, Threshold>
	/** Stable ids: the n-th breach of the item, and its summary of a sensor type. */
	ids: { breach: (n: number) => string; summary: (n: number, code: string) => string }
}

export function pushDetectedBreaches(
	rows: SeedRows,
	tracked: TrackedItem,
	readings: Reading[],
): void {
	detect(null, readings, tracked.thresholds).forEach((state, n) => {
		const id = tracked.ids.breach(n)
		rows.breachedOrders.push({
			id,
			organizationId: tracked.organizationId,
			trackingGroupId: tracked.trackingGroupId,
			shipmentId: tracked.shipmentId,
			trackingGroupItemId: tracked.item.id,
			itemType: tracked.item.itemType,
			itemName: tracked.item.name,
			measurableId: tracked.item.measurableId,
			ongoing: state.ongoing,
			firstEventAt: new Date(state.firstAt),
			lastEventAt: new Date(state.lastAt),
			timezone: tracked.timezone,
			breachCount: breachCount(state),
			totalDurationSeconds: totalSeconds(state),
			createdAt: new Date(state.firstAt),
		})
		for (const shipSetId of tracked.shipSetIds)
			rows.breachedOrderShipSets.push({
				organizationId: tracked.organizationId,
				breachedOrderId: id,
				shipSetId,
			})
		for (const t of state.types.values()) {
			rows.measurementExceptionSummaries.push({
				id: tracked.ids.summary(n, t.code),
				...summaryRow(tracked.organizationId, id, t, TYPES.get(t.code)),
			})
		}
	})
}
