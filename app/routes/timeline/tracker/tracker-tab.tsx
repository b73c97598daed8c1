import { EmptyState } from '~/components/ui/empty-state'
import { Link } from 'react-router'
import type { TrackerTabData } from '~/lib/timeline/sensors'
import { withParams } from '~/lib/timeline/url'
import { SensorReadings } from './sensor-readings'
import { Dialog } from '~/components/ui/dialog'
import { Tabs } from '~/components/ui/tabs'

/**
 * The Tracker tab (002 §2 "Right-hand tabs": "Tracker (IoT sensor data) ... holds a chart
 * (4 points in the tab, all points in the modal), a 'View all sensor data' link opening
 * an IoT Sensor Data modal"). One chart per measurement type with readings, its threshold
 * lines from min and max (§9). The tracked item is URL state (`?item=`), and so is the
 * modal (`?sensor=<type code>`), so both work without JavaScript.
 */
export function TrackerTab({
	data,
	links,
	search,
	zone,
}: {
	data: TrackerTabData | null
	/** 'View in IoT Tracker' and the tracking group's page, when IOT_TRACKER_URL is set (002 §2 Routes). */
	links: { label: string; href: string }[]
	search: string
	zone: string | null
}) {
	const external = links.length ? (
		<ul className="tracker-links">
			{links.map((l) => (
				<li key={l.label}>
					<a href={l.href} target="_blank" rel="noopener noreferrer">
						{l.label}
					</a>
				</li>
			))}
		</ul>
	) : null
	if (!data || data.series.length === 0) {
		return (
			<>
				<EmptyState>No sensor data available.</EmptyState>
				{external}
			</>
		)
	}
	return (
		<div className="tracker-tab">
			<ItemChooser data={data} search={search} />
			{data.series.map((s) => (
				<section key={s.code} className="sensor-series" aria-labelledby={`sensor-${s.code}`}>
					<h3 id={`sensor-${s.code}`}>
						{s.name} ({s.unit})
					</h3>
					<SensorReadings series={s} zone={zone} />
					<Link
						to={withParams(search, { sensor: s.code })}
						aria-describedby={`sensor-${s.code}`}
						preventScrollReset
					>
						View all sensor data
					</Link>
				</section>
			))}
			{external}
			{data.modal ? <SensorDataModal data={data} search={search} zone={zone} /> : null}
		</div>
	)
}

function ItemChooser({ data, search }: { data: TrackerTabData; search: string }) {
	const current = data.items.find((i) => i.measurableId === data.item)
	if (data.items.length <= 1) {
		return current ? (
			<p className="sensor-item">
				{current.itemType} {current.name}
				{current.references.length ? ` · ${current.references.join(', ')}` : ''}
			</p>
		) : null
	}
	return (
		<Tabs
			label="Tracked items"
			items={data.items.map((i) => ({
				to: withParams(search, { item: i.measurableId, sensor: null }),
				label: `${i.itemType} ${i.name}`,
				current: i.measurableId === data.item,
			}))}
		/>
	)
}

/**
 * 'IoT Sensor Data' (002 §2): every reading of one measurement type, with links to the
 * other types (the stream view's measurement-type filter), the tracked item and drivers.
 * A URL-state Dialog.
 */
function SensorDataModal({
	data,
	search,
	zone,
}: {
	data: TrackerTabData
	search: string
	zone: string | null
}) {
	const modal = data.modal!
	const item = data.items.find((i) => i.measurableId === data.item)
	return (
		<Dialog
			title="IoT Sensor Data"
			closeTo={withParams(search, { sensor: null })}
			size="large"
			className="sensor-modal"
		>
			<Tabs
				label="Measurement type"
				items={data.series.map((s) => ({
					to: withParams(search, { sensor: s.code }),
					label: s.name,
					current: s.code === modal.code,
				}))}
			/>
			{item ? (
				<p className="sensor-item">
					{item.itemType} {item.name}
					{item.references.length ? ` · ${item.references.join(', ')}` : ''}
				</p>
			) : null}
			{data.drivers.length ? (
				<p className="sensor-drivers">
					Drivers:{' '}
					{data.drivers
						.map((d) => [d.name, d.licensePlate, d.phoneNumber].filter(Boolean).join(' · '))
						.join('; ')}
				</p>
			) : null}
			{modal.points.length ? (
				<SensorReadings series={modal} zone={zone} height={325} />
			) : (
				<EmptyState>No sensor data available.</EmptyState>
			)}
		</Dialog>
	)
}
