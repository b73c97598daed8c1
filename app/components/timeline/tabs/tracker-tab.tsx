import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import type { TrackerTabData } from '~/lib/timeline/sensors'
import { withParams } from '~/lib/timeline/url'
import { SensorReadings } from '../sensor-readings'

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
				<p>No sensor data available.</p>
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
					<Link to={withParams(search, { sensor: s.code })} aria-describedby={`sensor-${s.code}`} preventScrollReset>
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
		<nav aria-label="Tracked items">
			<ul className="tab-list">
				{data.items.map((i) => (
					<li key={i.measurableId}>
						<Link
							to={withParams(search, { item: i.measurableId, sensor: null })}
							aria-current={i.measurableId === data.item ? 'true' : undefined}
							preventScrollReset
						>
							{i.itemType} {i.name}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}

/**
 * 'IoT Sensor Data' (002 §2): every reading of one measurement type, with links to the
 * other types (the stream view's measurement-type filter), the tracked item and drivers.
 * A URL-state dialog: Close is a link; with JavaScript, focus moves into it and Escape closes it.
 */
function SensorDataModal({ data, search, zone }: { data: TrackerTabData; search: string; zone: string | null }) {
	const modal = data.modal!
	const close = useRef<HTMLAnchorElement>(null)
	useEffect(() => {
		close.current?.focus()
	}, [modal.code])
	const item = data.items.find((i) => i.measurableId === data.item)
	return (
		<div className="modal-backdrop">
			<section
				className="modal sensor-modal"
				role="dialog"
				aria-modal="true"
				aria-labelledby="sensor-modal-title"
				onKeyDown={(e) => {
					if (e.key === 'Escape') close.current?.click()
				}}
			>
				<header className="modal-header">
					<h2 id="sensor-modal-title">IoT Sensor Data</h2>
					<Link ref={close} to={withParams(search, { sensor: null })} preventScrollReset>
						Close
					</Link>
				</header>
				<nav aria-label="Measurement type">
					<ul className="tab-list">
						{data.series.map((s) => (
							<li key={s.code}>
								<Link to={withParams(search, { sensor: s.code })} aria-current={s.code === modal.code ? 'true' : undefined} preventScrollReset>
									{s.name}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				{item ? (
					<p className="sensor-item">
						{item.itemType} {item.name}
						{item.references.length ? ` · ${item.references.join(', ')}` : ''}
					</p>
				) : null}
				{data.drivers.length ? (
					<p className="sensor-drivers">
						Drivers:{' '}
						{data.drivers.map((d) => [d.name, d.licensePlate, d.phoneNumber].filter(Boolean).join(' · ')).join('; ')}
					</p>
				) : null}
				{modal.points.length ? <SensorReadings series={modal} zone={zone} height={325} /> : <p>No sensor data available.</p>}
			</section>
		</div>
	)
}
