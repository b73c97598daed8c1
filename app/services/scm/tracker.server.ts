import { TrackerApi } from '#api/sensors/tracker'
import type { ScmCaller } from './client.server'

/** The tracking API {api2} (002 §7); every call needs TRACKER.DEFAULT. */
export function trackerCalls({ call }: ScmCaller) {
	return {
		measurementTypes: () => call(TrackerApi.measurementTypes, {}),
		drivers: (id: string) => call(TrackerApi.drivers, { params: { id } }),
		items: (id: string) => call(TrackerApi.items, { params: { id } }),
		thresholds: (id: string) => call(TrackerApi.thresholds, { params: { id } }),
		/** One item's readings of one type: `last` n, or `measure_date_from`..`measure_date_to`. */
		measurements: (
			id: string,
			query: { measurable_id: string; type: string } & (
				{ last: number } | { measure_date_from: string; measure_date_to: string }
			),
		) => call(TrackerApi.measurements, { params: { id }, query }),
	}
}
