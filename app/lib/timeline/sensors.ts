import { trackingGroupPath } from '#contracts/breaches/ongoing'
import { trackerHref } from '~/lib/iot-tracker-links'

/**
 * Sensor-data rules of the timeline's Tracker tab (002 §2 "Right-hand tabs", §4 "Event
 * display and filters", §5, §9).
 */

/** The Tracker tab's data (loaded by app/routes/timeline/tracker/tracker-tab.server.ts). */
export interface SensorPoint {
	measureAt: string
	value: number
}

export interface SensorSeries {
	code: string
	name: string
	unit: string
	min: number | null
	max: number | null
	points: SensorPoint[]
}

export interface TrackerTabData {
	items: { measurableId: string; name: string; itemType: string; references: string[] }[]
	/** The chosen item's measurable id (`?item=`, else the first). */
	item: string | null
	drivers: { name: string; phoneNumber: string | null; licensePlate: string | null }[]
	/** Newest TAB_POINTS readings per type with data. */
	series: SensorSeries[]
	/** Every reading of the modal's type, when `?sensor=` names a type with data. */
	modal: SensorSeries | null
}

/** "Sensor chart: 4 points in the tab, all in the modal" (002 §9). */
export const TAB_POINTS = 4

/** "Sensor data requires the profile permission TRACKER.DEFAULT" (002 §5). */
const SENSOR_PERMISSION = 'TRACKER.DEFAULT'

/**
 * "Tracker (IoT sensor data): shown only when a tracking group is selected" (002 §2);
 * "Sensor data requests are made only for nodes with a trackingGroupId and never for
 * guests" (002 §4); and only for users with TRACKER.DEFAULT (002 §5). Whether data
 * exists is known once the tab is open: then it says 'No sensor data available.' (§8).
 */
export function showsTrackerTab(
	node: { trackingGroupId: string | null; hasSensorData: boolean } | null,
	permissions: readonly string[],
	guest = false,
): boolean {
	return (
		!guest &&
		!!node?.trackingGroupId &&
		node.hasSensorData &&
		permissions.includes(SENSOR_PERMISSION)
	)
}

interface Threshold {
	min: number | null
	max: number | null
}

/** "threshold lines come from min and max" (002 §9): one line per bound that is set. */
export function thresholdLines(
	threshold: Threshold | null | undefined,
): { label: 'Min' | 'Max'; value: number }[] {
	if (!threshold) return []
	const lines: { label: 'Min' | 'Max'; value: number }[] = []
	if (threshold.min !== null) lines.push({ label: 'Min', value: threshold.min })
	if (threshold.max !== null) lines.push({ label: 'Max', value: threshold.max })
	return lines
}

/** A reading below the minimum or above the maximum threshold (a breach). */
export function outOfRange(
	value: number,
	threshold: Threshold | null | undefined,
): 'below' | 'above' | null {
	if (threshold?.min != null && value < threshold.min) return 'below'
	if (threshold?.max != null && value > threshold.max) return 'above'
	return null
}

/**
 * The date range of "all points" for the IoT Sensor Data modal (002 §7 measurements with
 * measure_date_from and measure_date_to): from the order's first event (a tracker is
 * attached after the order exists) to now; 90 days back when the order has no events.
 */
export function sensorWindow(
	eventTimes: readonly string[],
	now: Date,
): { from: string; to: string } {
	const first = eventTimes.map((t) => Date.parse(t)).filter((t) => !Number.isNaN(t))
	const from = first.length ? Math.min(...first) : now.getTime() - 90 * 24 * 3600 * 1000
	return { from: new Date(Math.min(from, now.getTime())).toISOString(), to: now.toISOString() }
}

/**
 * "An external link 'View in IoT Tracker' is built from a tracker base address plus the
 * node's connectableId. A link to the tracker's groups page exists for the tracking group"
 * (002 §2 Routes). The base is IOT_TRACKER_URL; without it there are no links.
 */
export function trackerLinks(
	base: string | null,
	node: { connectableId: string | null; trackingGroupId: string | null } | null,
): { label: 'View in IoT Tracker' | 'Tracking group'; href: string }[] {
	if (!base || !node) return []
	const links: { label: 'View in IoT Tracker' | 'Tracking group'; href: string }[] = []
	if (node.connectableId)
		links.push({
			label: 'View in IoT Tracker',
			href: trackerHref(base, encodeURIComponent(node.connectableId))!,
		})
	if (node.trackingGroupId)
		links.push({
			label: 'Tracking group',
			href: trackerHref(base, trackingGroupPath(node.trackingGroupId))!,
		})
	return links
}
