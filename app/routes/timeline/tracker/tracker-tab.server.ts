import {
	sensorWindow,
	TAB_POINTS,
	type SensorPoint,
	type SensorSeries,
	type TrackerTabData,
} from '~/lib/timeline/sensors'
import type { ScmClient } from '~/services/scm.server'
import { ScmError } from '~/services/scm.server'

/**
 * The data of the timeline's Tracker tab (002 §2 "Right-hand tabs", §7 the {api2} calls),
 * fetched only while that tab is open on a node with a tracking group, for a user with
 * TRACKER.DEFAULT. One series per measurement type that has readings for the chosen item:
 * its newest 4 points (the tab), and all points of the type the IoT Sensor Data modal
 * shows (`?sensor=<type code>`).
 */

export async function loadTrackerTab(
	scm: ScmClient,
	opts: {
		trackingGroupId: string
		item: string | null
		sensor: string | null
		eventTimes: string[]
		now: Date
	},
): Promise<TrackerTabData | null> {
	const groupId = opts.trackingGroupId
	try {
		const [
			{ measurementTypes },
			{ trackingGroupItems },
			{ trackingGroupDrivers },
			{ trackingGroupThresholdSettings },
		] = await Promise.all([
			scm.tracker.measurementTypes(),
			scm.tracker.items(groupId),
			scm.tracker.drivers(groupId),
			scm.tracker.thresholds(groupId),
		])
		const item =
			trackingGroupItems.find((i) => i.measurableId === opts.item) ?? trackingGroupItems[0]
		const base = {
			items: trackingGroupItems.map((i) => ({
				measurableId: i.measurableId,
				name: i.name,
				itemType: i.itemType,
				references: i.trackingGroupItemReferences.map((r) => `${r.referenceType}: ${r.value}`),
			})),
			item: item?.measurableId ?? null,
			drivers: trackingGroupDrivers.map(({ name, phoneNumber, licensePlate }) => ({
				name,
				phoneNumber,
				licensePlate,
			})),
		}
		if (!item) return { ...base, series: [], modal: null }
		const describe = (
			t: (typeof measurementTypes)[number],
			points: SensorPoint[],
		): SensorSeries => {
			const threshold = trackingGroupThresholdSettings.find((s) => s.measurementTypeCode === t.code)
			return {
				code: t.code,
				name: t.name,
				unit: t.measurementTypeUoms[0]?.displayName ?? '',
				min: threshold?.min ?? null,
				max: threshold?.max ?? null,
				points,
			}
		}
		const latest = await Promise.all(
			measurementTypes.map(async (t) => {
				const { measurements } = await scm.tracker.measurements(groupId, {
					measurable_id: item.measurableId,
					type: t.code,
					last: TAB_POINTS,
				})
				return describe(t, measurements)
			}),
		)
		const series = latest.filter((s) => s.points.length > 0)
		const modalType = series.find((s) => s.code === opts.sensor)
			? measurementTypes.find((t) => t.code === opts.sensor)
			: undefined
		let modal: SensorSeries | null = null
		if (modalType) {
			const window = sensorWindow(opts.eventTimes, opts.now)
			const { measurements } = await scm.tracker.measurements(groupId, {
				measurable_id: item.measurableId,
				type: modalType.code,
				measure_date_from: window.from,
				measure_date_to: window.to,
			})
			modal = describe(modalType, measurements)
		}
		return { ...base, series, modal }
	} catch (error) {
		// A tracker the caller may not read (403/404) shows the tab's empty text, not an error page.
		if (error instanceof ScmError && (error.status === 403 || error.status === 404)) return null
		throw error
	}
}
