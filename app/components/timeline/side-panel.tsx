import { Link } from 'react-router'
import { formatAttribute } from '~/lib/timeline/attributes'
import { TABS, withParams, type Tab } from '~/lib/timeline/url'
import { addressLines, type ShipSet, type TimelineEvent, type TimelineNode } from './types'

const TAB_LABELS: Record<Tab, string> = { calendar: 'Calendar', location: 'Location', documents: 'Documents', photos: 'Photos', comments: 'Comments' }
const DETAILS_PAGE = 5

/** A month calendar (UTC) marking the days that have events. */
function MonthCalendar({ events }: { events: TimelineEvent[] }) {
	const latest = events[0] ? new Date(events[0].eventAt) : null
	if (!latest) return <p>No Events.</p>
	const year = latest.getUTCFullYear()
	const month = latest.getUTCMonth()
	const marked = new Set(
		events.map((e) => new Date(e.eventAt)).filter((d) => d.getUTCFullYear() === year && d.getUTCMonth() === month).map((d) => d.getUTCDate()),
	)
	const offset = new Date(Date.UTC(year, month, 1)).getUTCDay()
	const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
	const cells = [...Array<null>(offset).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)]
	const title = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(latest)
	return (
		<div className="month-calendar">
			<h3>{title}</h3>
			<div className="month-grid" role="grid">
				{['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'].map((d) => (
					<span key={d} className="weekday">
						{d}
					</span>
				))}
				{cells.map((d, i) => (
					<span key={i} className={d && marked.has(d) ? 'day marked' : 'day'} aria-label={d && marked.has(d) ? `${d}: events` : undefined}>
						{d ?? ''}
					</span>
				))}
			</div>
		</div>
	)
}

function DocumentList({ shipSet }: { shipSet: ShipSet }) {
	if (shipSet.documents.files.length === 0) return <p>No documents available.</p>
	return (
		<ul className="file-list">
			{shipSet.documents.files.map((d) => (
				<li key={d.id}>
					{d.fileFileName} <span className="file-type">{d.documentType?.code === 'OTHERS' ? d.otherDocumentType : d.documentType?.name}</span>
					{d.blockchainVerified ? <span className="badge"> MASTERCARD PROVENANCE VERIFIED</span> : null}
				</li>
			))}
		</ul>
	)
}

function PhotoList({ shipSet }: { shipSet: ShipSet }) {
	if (shipSet.photos.files.length === 0) return <p>No photos available.</p>
	return (
		<ul className="file-list">
			{shipSet.photos.files.map((p) => (
				<li key={p.id}>
					{p.imageFileName}
					{p.notes ? <span className="file-notes"> · {p.notes}</span> : null}
				</li>
			))}
		</ul>
	)
}

/**
 * 002 §2 "Location (map): a single location pin, or consignee (C) and shipper (S) pins;
 * otherwise 'No location available.'" Keyless: the addresses as text.
 */
function LocationTab({ node, shipSet }: { node: TimelineNode | null; shipSet: ShipSet }) {
	const shipment = node?.connectableId ? shipSet.shipments.find((s) => s.id === node.connectableId) : undefined
	const pins = node?.location
		? [{ mark: null, place: node.location }]
		: [
				{ mark: 'C', place: shipment?.consignee ?? null },
				{ mark: 'S', place: shipment?.shipper ?? null },
			].filter((p) => p.place)
	if (pins.length === 0) return <p>No location available.</p>
	return (
		<ul className="location-pins">
			{pins.map((p) => (
				<li key={p.mark ?? 'pin'}>
					{p.mark ? <strong aria-label={p.mark === 'C' ? 'Consignee' : 'Shipper'}>{p.mark} </strong> : null}
					<address>
						{addressLines(p.place).map((l) => (
							<div key={l}>{l}</div>
						))}
					</address>
				</li>
			))}
		</ul>
	)
}

/** Right-hand tabs (002 §2 "Right-hand tabs") as links; the Tracker (sensor) tab comes later. */
export function SideTabs(props: { tab: Tab; search: string; node: TimelineNode | null; events: TimelineEvent[]; shipSet: ShipSet }) {
	const { tab, search, node, events, shipSet } = props
	return (
		<section className="side-tabs" aria-label="Node details">
			<ul className="tab-list">
				{TABS.map((t) => (
					<li key={t}>
						<Link to={withParams(search, { tab: t === 'calendar' ? null : t })} aria-current={t === tab ? 'page' : undefined}>
							{TAB_LABELS[t]}
							{t === 'documents' ? ` (${shipSet.documents.totalCount})` : t === 'photos' ? ` (${shipSet.photos.totalCount})` : ''}
							{t === 'comments' ? <span className="badge" aria-label={`${shipSet.comments.totalCount} comments`}> {shipSet.comments.totalCount}</span> : null}
						</Link>
					</li>
				))}
			</ul>
			<div className="tab-panel">
				{tab === 'calendar' ? <MonthCalendar events={events} /> : null}
				{tab === 'location' ? <LocationTab node={node} shipSet={shipSet} /> : null}
				{tab === 'documents' ? <DocumentList shipSet={shipSet} /> : null}
				{tab === 'photos' ? <PhotoList shipSet={shipSet} /> : null}
				{tab === 'comments' ? <p>{shipSet.comments.totalCount} comments on this order.</p> : null}
			</div>
		</section>
	)
}

/** Side cards (002 §2 "Side widgets"). */
export function SideCards(props: { shipSet: ShipSet; tagsCard: boolean; detailsPage: number; search: string }) {
	const { shipSet, tagsCard, detailsPage, search } = props
	const attrs = shipSet.customAttributes
	const pages = Math.max(1, Math.ceil(attrs.length / DETAILS_PAGE))
	const page = Math.min(Math.max(1, detailsPage), pages)
	return (
		<aside className="side-cards">
			<details open>
				<summary>Documents · {shipSet.documents.totalCount}</summary>
				<DocumentList shipSet={shipSet} />
			</details>
			<details open>
				<summary>Photos · {shipSet.photos.totalCount}</summary>
				<PhotoList shipSet={shipSet} />
			</details>
			<details open>
				<summary>Shipments · {shipSet.shipments.length}</summary>
				{shipSet.shipments.length === 0 ? (
					<p>No shipments available.</p>
				) : (
					<ul className="shipment-list">
						{shipSet.shipments.map((s) => (
							<li key={s.id}>
								<Link to={withParams(search, { node_connectable_id: s.id, nodeId: null })}>{s.trackingNumber ?? 'N/A'}</Link>{' '}
								<Link to={withParams(search, { shipment: s.id })} aria-label={`Details of ${s.trackingNumber ?? 'shipment'}`}>
									details
								</Link>{' '}
								<span>{s.carrier?.name}</span> <span className={`badge status-${s.status}`}>{s.status === 'cancelled' ? 'Canceled' : s.status.replace('_', ' ')}</span>
								{s.finalMile ? <span className="badge final-mile"> Final Mile</span> : null}
							</li>
						))}
					</ul>
				)}
			</details>
			<details open>
				<summary>Related Orders · {shipSet.relatedShipSets.totalCount}</summary>
				{shipSet.relatedShipSets.totalCount === 0 ? (
					<p>No related orders available.</p>
				) : (
					<ul className="related-list">
						{shipSet.relatedShipSets.items.map((r) => (
							<li key={r.id}>
								<Link to={`/related_order/${r.shipSetId}`}>{r.shipSetName}</Link>
							</li>
						))}
					</ul>
				)}
			</details>
			<details open>
				<summary>Order Details</summary>
				{attrs.length === 0 ? (
					<p>No details available.</p>
				) : (
					<dl>
						{attrs.slice((page - 1) * DETAILS_PAGE, page * DETAILS_PAGE).map((a) => (
							<div key={a.id}>
								<dt>{a.name}</dt>
								<dd>{formatAttribute(a.value, a.dataType)}</dd>
							</div>
						))}
					</dl>
				)}
				{pages > 1 ? (
					<nav aria-label="Order details pages">
						{Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
							<Link key={p} to={withParams(search, { details: p === 1 ? null : String(p) })} aria-current={p === page ? 'page' : undefined}>
								{p}
							</Link>
						))}
					</nav>
				) : null}
			</details>
			{tagsCard ? (
				<details open>
					<summary>Tags</summary>
					{shipSet.tags.length === 0 ? (
						<p>No tags available.</p>
					) : (
						<ul className="tag-list">
							{shipSet.tags.map((t) => (
								<li key={t.id}>{t.name}</li>
							))}
						</ul>
					)}
				</details>
			) : null}
		</aside>
	)
}
