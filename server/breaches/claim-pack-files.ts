import { csvCell } from '../search/csv'
import { formatDuration } from '../shared/durations'
import { formatLongTime } from '../shared/dates'

/**
 * The files of a breach's claim pack ("one download … with the readings, thresholds,
 * breach periods, attribution and the order's timeline, so a shipper can file a claim"), made
 * from rows the query read. Pure functions; server/breaches/claim-pack.ts reads the rows.
 */

export type Direction = 'above' | 'below'

export interface Reading {
	sensorType: string
	measureAt: Date
	value: number
}

export interface Thresholds {
	min: number | null
	max: number | null
}

/** Where a reading stands against its thresholds; a null threshold is no bound. */
export function readingStatus(value: number, t: Thresholds): Direction | 'within' {
	if (t.max !== null && value > t.max) return 'above'
	if (t.min !== null && value < t.min) return 'below'
	return 'within'
}

export interface BreachPeriod {
	sensorType: string
	direction: Direction
	/** The first reading outside the threshold. */
	start: Date
	/** The first reading back within (or on the other side): when the excursion ended; null while it lasts. */
	end: Date | null
	/** The last reading of the excursion. */
	lastOutside: Date
	/** end − start; while it lasts, the last reading outside − start. */
	seconds: number
	readings: number
	/** The reading furthest past the threshold. */
	peak: number
}

/**
 * Each excursion of one sensor type's readings: a run of consecutive readings on the same side of
 * a threshold. It starts at its first reading and ends at the next reading that is not on that
 * side (the reading that closed it); one still outside at the last reading has no end yet.
 * Readings must be of one type; they are sorted here.
 */
export function excursions(readings: readonly Reading[], t: Thresholds): BreachPeriod[] {
	const sorted = [...readings].sort((a, b) => +a.measureAt - +b.measureAt)
	const periods: BreachPeriod[] = []
	let open: BreachPeriod | null = null
	for (const r of sorted) {
		const status = readingStatus(r.value, t)
		if (open && status !== open.direction) {
			open.end = r.measureAt
			open.seconds = Math.round((+r.measureAt - +open.start) / 1000)
			periods.push(open)
			open = null
		}
		if (status === 'within') continue
		if (!open) {
			open = {
				sensorType: r.sensorType,
				direction: status,
				start: r.measureAt,
				end: null,
				lastOutside: r.measureAt,
				seconds: 0,
				readings: 0,
				peak: r.value,
			}
		}
		open.readings++
		open.lastOutside = r.measureAt
		open.seconds = Math.round((+r.measureAt - +open.start) / 1000)
		open.peak = status === 'above' ? Math.max(open.peak, r.value) : Math.min(open.peak, r.value)
	}
	if (open) periods.push(open)
	return periods
}

// ── CSV ──────────────────────────────────────────────────────────────────────────────────────

type Cell = string | number | null | undefined

/** A CSV line (RFC 4180, CRLF): numbers as they are (a negative reading stays a number), text through csvCell (no formulas). */
export function csvLine(values: readonly Cell[]): string {
	return `${values.map((v) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : csvCell(v))).join(',')}\r\n`
}

export function csv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
	return csvLine(header) + rows.map(csvLine).join('')
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '')

/** 001 §9 "Duration formatting", as the screens show it. */
export const durationText = formatDuration

export const READINGS_HEADER = [
	'measured_at_utc',
	'sensor_type',
	'value',
	'unit',
	'min_threshold',
	'max_threshold',
	'status',
] as const

export function readingsCsv(
	readings: readonly Reading[],
	thresholds: ReadonlyMap<string, Thresholds & { unit: string }>,
): string {
	return csv(
		READINGS_HEADER,
		readings.map((r) => {
			const t = thresholds.get(r.sensorType) ?? { min: null, max: null, unit: '' }
			return [
				iso(r.measureAt),
				r.sensorType,
				r.value,
				t.unit,
				t.min,
				t.max,
				readingStatus(r.value, t),
			]
		}),
	)
}

export const THRESHOLDS_HEADER = ['sensor_type', 'unit', 'min', 'max', 'breached'] as const

export function thresholdsCsv(
	rows: readonly {
		sensorType: string
		unit: string
		min: number | null
		max: number | null
		breached: boolean
	}[],
): string {
	return csv(
		THRESHOLDS_HEADER,
		rows.map((t) => [t.sensorType, t.unit, t.min, t.max, t.breached ? 'yes' : 'no']),
	)
}

export const PERIODS_HEADER = [
	'sensor_type',
	'direction',
	'start_utc',
	'end_utc',
	'last_reading_outside_utc',
	'duration_seconds',
	'duration',
	'readings_outside',
	'peak',
	'unit',
	'threshold',
] as const

export function periodsCsv(
	periods: readonly BreachPeriod[],
	thresholds: ReadonlyMap<string, Thresholds & { unit: string }>,
): string {
	return csv(
		PERIODS_HEADER,
		periods.map((p) => {
			const t = thresholds.get(p.sensorType)
			return [
				p.sensorType,
				p.direction,
				iso(p.start),
				p.end ? iso(p.end) : 'ongoing',
				iso(p.lastOutside),
				p.seconds,
				durationText(p.seconds),
				p.readings,
				p.peak,
				t?.unit ?? '',
				p.direction === 'above' ? t?.max : t?.min,
			]
		}),
	)
}

export interface TimelineEvent {
	orderName: string
	eventAt: Date
	timezone: string | null
	node: string | null
	title: string
	type: string
	location: string | null
	summary: string | null
}

export const TIMELINE_HEADER = [
	'order',
	'event_at_utc',
	'time_zone',
	'node',
	'event',
	'type',
	'location',
	'summary',
] as const

export function timelineCsv(events: readonly TimelineEvent[]): string {
	return csv(
		TIMELINE_HEADER,
		events.map((e) => [
			e.orderName,
			iso(e.eventAt),
			e.timezone,
			e.node,
			e.title,
			e.type,
			e.location,
			e.summary?.replace(/;\s*/g, '; ') ?? null,
		]),
	)
}

/** Everything summary.txt says about the breach. */
export interface ClaimSummary {
	breachedOrderId: string
	ongoing: boolean
	orders: { name: string; referenceNumber: string | null }[]
	shipmentName: string
	deviceTypeName: string | null
	carrierShipment: string | null
	item: { type: string; name: string; measurableId: string }
	firstEventAt: Date
	lastEventAt: Date
	timezone: string
	breachCount: number
	totalDurationSeconds: number
	attribution: { node: string | null; nodeOrder: string | null; custodian: string | null }
	sensors: {
		type: string
		unit: string
		count: number
		min: number | null
		max: number | null
		durations: { value: number; type: string }[]
	}[]
	files: { name: string; rows: number }[]
	window: { from: Date; to: Date }
	generatedAt: Date
}

/** 001 §2 "Item type labels: pallet = handling unit, carton = piece number, shipset = order number". */
const ITEM_LABELS: Record<string, string> = {
	pallet: 'handling unit',
	carton: 'piece number',
	shipset: 'order number',
}

const bound = (v: number | null) => (v === null ? 'none' : String(v))
const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`

/** An instant in a zone, as the breach start reads on screen ('ddd, DD MMM YYYY h:mm A z', 001 §9); UTC for an unknown zone. */
export function localTime(d: Date, zone: string): string {
	return formatLongTime(d, zone)
}

export function summaryText(s: ClaimSummary): string {
	const lines = [
		'Waymark claim pack: sensor breach',
		'',
		`Breach: ${s.breachedOrderId} (${s.ongoing ? 'ongoing' : 'historical: closed'})`,
		`Orders affected: ${s.orders.map((o) => (o.referenceNumber ? `${o.name} (${o.referenceNumber})` : o.name)).join(', ') || 'none'}`,
		`Shipment: ${s.shipmentName}${s.deviceTypeName ? `, device ${s.deviceTypeName}` : ''}`,
		`Carrier shipment: ${s.carrierShipment ?? 'not recorded'}`,
		`Reported for: ${ITEM_LABELS[s.item.type] ?? s.item.type} ${s.item.name} (measurable id ${s.item.measurableId})`,
		'',
		'Where the breach started',
		`Node: ${s.attribution.node ? `${s.attribution.node}${s.attribution.nodeOrder ? ` of ${s.attribution.nodeOrder}` : ''}` : 'not recorded'}`,
		`Custodian: ${s.attribution.custodian ?? 'not recorded'}`,
		'',
		'Totals',
		`First breach reading: ${iso(s.firstEventAt)} (${localTime(s.firstEventAt, s.timezone)})`,
		`Last breach reading: ${iso(s.lastEventAt)} (${localTime(s.lastEventAt, s.timezone)})`,
		`Readings outside thresholds: ${s.breachCount}`,
		`Total duration: ${durationText(s.totalDurationSeconds)} (${s.totalDurationSeconds} s)`,
		'',
		'Sensors breached',
		...s.sensors.map(
			(x) =>
				`- ${x.type}: ${x.count} readings outside min ${bound(x.min)} / max ${bound(x.max)} ${x.unit}; ` +
				`excursions ${x.durations.map((d) => `${durationText(d.value)} ${d.type}`).join(', ') || 'none'}`,
		),
		'',
		`Files (readings from ${iso(s.window.from)} to ${iso(s.window.to)}, UTC)`,
		...s.files.map((f) => `- ${f.name}: ${rows(f.rows)}`),
		'',
		`Generated: ${iso(s.generatedAt)}`,
	]
	return `${lines.join('\n')}\n`
}
