import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client'
import { CLAIM_PACK_MARGIN_HOURS } from './historical.contract'
import {
	excursions,
	periodsCsv,
	readingsCsv,
	summaryText,
	thresholdsCsv,
	timelineCsv,
	type BreachPeriod,
	type Reading,
	type Thresholds,
} from './claim-pack-files'
import { zip } from './zip'

/**
 * A breach's claim pack: one zip a shipper can file a claim with. It reads the breach
 * (ongoing or historical) of the caller's organization, the readings of its item and breached
 * sensor types from 2 hours before its first event to 2 hours after its last, the tracking
 * group's thresholds, the excursions found in those readings, the affected orders' events, and
 * says where the breach started and who had the goods (the attribution).
 */

type Reader = Pick<Database, 'execute'>

const HOUR = 3600_000
/** Readings past the window read to find the reading that closed the last excursion. */
const CLOSING_LOOKAHEAD_HOURS = 24
/** At most this many readings go into readings.csv (a month of one reading a minute, two types). */
export const MAX_CLAIM_READINGS = 100_000

async function rows<T>(db: Reader, query: SQL): Promise<T[]> {
	return (await db.execute<T & Record<string, unknown>>(query)).rows as T[]
}

interface BreachRow {
	id: string
	tracking_group_id: string
	ongoing: boolean
	item_type: string
	item_name: string
	measurable_id: string
	first_event_at: string | Date
	last_event_at: string | Date
	timezone: string
	breach_count: number
	total_duration_seconds: number
	custodian: string | null
	shipment_name: string
	device_type_name: string | null
	carrier_name: string | null
	tracking_number: string | null
	building_type: string | null
	node_order: string | null
}

export interface ClaimPack {
	fileName: string
	bytes: Uint8Array
	/** Each file and its data rows (CSV rows under the header; summary.txt's lines). */
	files: { name: string; rows: number }[]
}

/** The claim pack of breach `id`, or null when it is not a breach of this organization. */
export async function claimPack(
	db: Reader,
	organizationId: string,
	id: string,
	now = new Date(),
): Promise<ClaimPack | null> {
	const [breach] = await rows<BreachRow>(
		db,
		sql`select bo.id, bo.tracking_group_id, bo.ongoing, bo.item_type, bo.item_name, bo.measurable_id, bo.first_event_at,
				bo.last_event_at, bo.timezone, bo.breach_count, bo.total_duration_seconds, bo.custodian,
				tg.name as shipment_name, tg.device_type_name, c.name as carrier_name, s.tracking_number,
				n.building_type, nss.name as node_order
			from breached_orders bo
			join tracking_groups tg on tg.id = bo.tracking_group_id and tg.organization_id = bo.organization_id
			left join shipments s on s.id = bo.shipment_id and s.organization_id = bo.organization_id
			left join carriers c on c.id = s.carrier_id
			left join nodes n on n.id = bo.node_id and n.organization_id = bo.organization_id
			left join ship_sets nss on nss.id = n.ship_set_id
			where bo.id = ${id} and bo.organization_id = ${organizationId}`,
	)
	if (!breach) return null
	const first = new Date(breach.first_event_at)
	const last = new Date(breach.last_event_at)
	const window = {
		from: new Date(+first - CLAIM_PACK_MARGIN_HOURS * HOUR),
		to: new Date(+last + CLAIM_PACK_MARGIN_HOURS * HOUR),
	}

	const [sensors, orders, settings] = await Promise.all([
		rows<{
			code: string
			type_id: string | null
			count: number
			min: number | null
			max: number | null
			durations: { value: number; type: string }[]
			uom: string
		}>(
			db,
			sql`select m.sensor_type_code as code, coalesce(m.measurement_type_id, mt.id) as type_id, m.count,
					m.min_threshold_value as min, m.max_threshold_value as max, m.durations, m.sensor_uom_code as uom
				from measurement_exception_summaries m
				left join measurement_types mt on mt.code = m.sensor_type_code
				where m.breached_order_id = ${id} and m.organization_id = ${organizationId}
				order by m.sensor_type_code`,
		),
		rows<{ id: string; name: string; reference_number: string | null }>(
			db,
			sql`select ss.id, ss.name, ss.reference_number from breached_order_ship_sets bs
				join ship_sets ss on ss.id = bs.ship_set_id and ss.organization_id = ${organizationId}
				where bs.breached_order_id = ${id} and bs.organization_id = ${organizationId}
				order by ss.name, ss.id`,
		),
		rows<{ code: string; uom: string; min: number | null; max: number | null }>(
			db,
			sql`select mt.code, mt.uom_code as uom, t.min, t.max from threshold_settings t
				join measurement_types mt on mt.id = t.measurement_type_id
				where t.tracking_group_id = ${breach.tracking_group_id} and t.organization_id = ${organizationId}
				order by mt.code`,
		),
	])

	// The thresholds each reading is judged by: the breach's own (what detection used), else the group's.
	const limits = new Map<string, Thresholds & { unit: string }>()
	for (const t of settings) limits.set(t.code, { min: t.min, max: t.max, unit: t.uom })
	for (const s of sensors) limits.set(s.code, { min: s.min, max: s.max, unit: s.uom })

	const typeIds = sensors.map((s) => s.type_id).filter((x): x is string => !!x)
	const read = typeIds.length
		? await rows<{ code: string; measure_at: string | Date; value: number }>(
				db,
				sql`select mt.code, m.measure_at, m.value from measurements m
					join measurement_types mt on mt.id = m.measurement_type_id
					where m.organization_id = ${organizationId} and m.tracking_group_id = ${breach.tracking_group_id}
					and m.measurable_id = ${breach.measurable_id}
					and m.measurement_type_id in (${sql.join(
						typeIds.map((t) => sql`${t}::uuid`),
						sql`, `,
					)})
					and m.measure_at >= ${window.from.toISOString()}::timestamptz
					and m.measure_at <= ${new Date(+window.to + CLOSING_LOOKAHEAD_HOURS * HOUR).toISOString()}::timestamptz
					order by mt.code, m.measure_at
					limit ${MAX_CLAIM_READINGS * 2}`,
			)
		: []
	const all: Reading[] = read.map((r) => ({
		sensorType: r.code,
		measureAt: new Date(r.measure_at),
		value: Number(r.value),
	}))
	const inWindow = all.filter((r) => r.measureAt <= window.to).slice(0, MAX_CLAIM_READINGS)

	// Excursions of the breach: those that started within its first..last event (others are other breaches).
	const periods: BreachPeriod[] = sensors.flatMap((s) =>
		excursions(
			all.filter((r) => r.sensorType === s.code),
			limits.get(s.code) ?? { min: null, max: null },
		).filter((p) => p.start >= first && p.start <= last),
	)

	const events = orders.length
		? await rows<{
				order_name: string
				event_at: string | Date
				timezone_name: string | null
				building_type: string | null
				title: string
				event_type: string
				location_at: string | null
				summary: string | null
			}>(
				db,
				sql`select ss.name as order_name, e.event_at, e.timezone_name, n.building_type, e.title, e.event_type, e.location_at, e.summary
					from events e
					join ship_sets ss on ss.id = e.ship_set_id
					left join nodes n on n.id = e.node_id
					where e.organization_id = ${organizationId} and e.ship_set_id in (${sql.join(
						orders.map((o) => sql`${o.id}::uuid`),
						sql`, `,
					)})
					order by ss.name, e.event_at, e.id`,
			)
		: []

	const thresholdRows = [...limits.entries()]
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([code, t]) => ({
			sensorType: code,
			unit: t.unit,
			min: t.min,
			max: t.max,
			breached: sensors.some((s) => s.code === code),
		}))
	const files: { name: string; data: string; rows: number }[] = [
		{ name: 'readings.csv', data: readingsCsv(inWindow, limits), rows: inWindow.length },
		{ name: 'thresholds.csv', data: thresholdsCsv(thresholdRows), rows: thresholdRows.length },
		{ name: 'breach_periods.csv', data: periodsCsv(periods, limits), rows: periods.length },
		{
			name: 'timeline.csv',
			data: timelineCsv(
				events.map((e) => ({
					orderName: e.order_name,
					eventAt: new Date(e.event_at),
					timezone: e.timezone_name,
					node: e.building_type,
					title: e.title,
					type: e.event_type,
					location: e.location_at,
					summary: e.summary,
				})),
			),
			rows: events.length,
		},
	]
	const summary = summaryText({
		breachedOrderId: breach.id,
		ongoing: breach.ongoing,
		orders: orders.map((o) => ({ name: o.name, referenceNumber: o.reference_number })),
		shipmentName: breach.shipment_name,
		deviceTypeName: breach.device_type_name,
		carrierShipment:
			[breach.carrier_name, breach.tracking_number].filter(Boolean).join(' ') || null,
		item: { type: breach.item_type, name: breach.item_name, measurableId: breach.measurable_id },
		firstEventAt: first,
		lastEventAt: last,
		timezone: breach.timezone,
		breachCount: breach.breach_count,
		totalDurationSeconds: breach.total_duration_seconds,
		attribution: {
			node: breach.building_type,
			nodeOrder: breach.node_order,
			custodian: breach.custodian,
		},
		sensors: sensors.map((s) => ({
			type: s.code,
			unit: s.uom,
			count: s.count,
			min: s.min,
			max: s.max,
			durations: s.durations ?? [],
		})),
		files: files.map(({ name, rows }) => ({ name, rows })),
		window,
		generatedAt: now,
	})
	const entries = [
		{ name: 'summary.txt', data: summary },
		...files.map(({ name, data }) => ({ name, data })),
	]
	const label = (orders[0]?.name ?? breach.item_name).replace(/[^\w.-]+/g, '_')
	return {
		fileName: `claim-pack-${label}-${first.toISOString().slice(0, 10)}.zip`,
		bytes: zip(entries, now),
		files: [
			{ name: 'summary.txt', rows: summary.trimEnd().split('\n').length },
			...files.map(({ name, rows }) => ({ name, rows })),
		],
	}
}
