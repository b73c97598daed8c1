import { parse } from 'csv-parse/sync'
import { EventIn, OrderIn, ShipmentIn, type IngestBody } from './ingest.contract'
import { IMPORT_MAX_ROWS, type ImportKind, type ImportRowError } from './imports.contract'
import { ATTRIBUTE_PREFIX } from './import-columns.contract'
import type { Issue } from '../errors'
import { checkBatch } from './batch'
import type { Executor } from './lookups'

/**
 * The CSV import ("a CSV of orders+shipments or of events, shows a preview with each bad
 * row and why, imports the good rows in one go"): a file's rows become the ingestion API's items
 * (server/ingest/import-columns.contract.ts and docs/csv-import.md name every column), each row is checked by the same contracts and the same
 * cross-checks as a batch, and the good rows form one batch. The kind follows from the header:
 * `event_id` makes it a file of events, else `order_number` one of orders and shipments.
 */

export interface ParsedImport {
	kind: ImportKind
	totalRows: number
	/** The good rows as one batch. */
	body: IngestBody
	goodRows: number
	errors: ImportRowError[]
}

export class ImportFileError extends Error {}

type Row = Record<string, string>
const blank = (v: string | undefined) => v === undefined || v.trim() === ''
const cell = (row: Row, column: string) => (blank(row[column]) ? undefined : row[column]!.trim())
const number = (v: string | undefined) =>
	v === undefined ? undefined : Number.isFinite(Number(v)) ? Number(v) : v
const flag = (v: string | undefined) => {
	if (v === undefined) return undefined
	const l = v.toLowerCase()
	return ['true', 'yes', 'y', '1'].includes(l)
		? true
		: ['false', 'no', 'n', '0'].includes(l)
			? false
			: v
}
const place = (row: Row, prefix: string, extra = false) => {
	const name = cell(row, `${prefix}_name`)
	const fields = {
		city: cell(row, `${prefix}_city`),
		state: cell(row, `${prefix}_state`),
		country: cell(row, `${prefix}_country`),
	}
	if (!name && !fields.city && !fields.country) return undefined
	return {
		name: name ?? '',
		...fields,
		...(extra
			? {
					street1: cell(row, `${prefix}_street1`),
					postal_code: cell(row, `${prefix}_postal_code`),
					timezone: cell(row, `${prefix}_timezone`),
				}
			: {}),
	}
}

function orderOf(row: Row): unknown {
	const attributes = Object.fromEntries(
		Object.keys(row)
			.filter((k) => k.startsWith(ATTRIBUTE_PREFIX) && !blank(row[k]))
			.map((k) => [k.slice(ATTRIBUTE_PREFIX.length).trim(), row[k]!.trim()]),
	)
	return {
		order_number: cell(row, 'order_number') ?? '',
		reference_number: cell(row, 'reference_number'),
		order_type: cell(row, 'order_type'),
		status: cell(row, 'status'),
		promise_date: cell(row, 'promise_date'),
		estimated_delivery_date: cell(row, 'estimated_delivery_date'),
		estimated_delivery_timezone: cell(row, 'estimated_delivery_timezone'),
		delivery_value: number(cell(row, 'delivery_value')),
		tags: cell(row, 'tags')
			?.split(';')
			.map((t) => t.trim())
			.filter(Boolean),
		final_location: place(row, 'final_location', true),
		custom_attributes: Object.keys(attributes).length ? attributes : undefined,
	}
}

function shipmentOf(row: Row): unknown {
	return {
		external_id: cell(row, 'shipment_id'),
		order_number: cell(row, 'order_number') ?? '',
		carrier: cell(row, 'carrier'),
		tracking_number: cell(row, 'tracking_number'),
		final_mile: flag(cell(row, 'final_mile')),
		shipped_at: cell(row, 'shipped_at'),
		shipped_at_timezone: cell(row, 'shipped_at_timezone'),
		estimated_delivery_date: cell(row, 'shipment_estimated_delivery_date'),
		estimated_delivery_timezone: cell(row, 'shipment_estimated_delivery_timezone'),
		shipper: place(row, 'shipper'),
		consignee: place(row, 'consignee'),
		service_level: cell(row, 'service_level'),
		weight: number(cell(row, 'weight')),
		weight_unit: cell(row, 'weight_unit'),
		pallet_number: cell(row, 'pallet_number'),
		carton_number: cell(row, 'carton_number'),
		// Another shipment of the same order (a shipment_id of this file or one stored): this one joins its Transit node as a group.
		travels_with: cell(row, 'travels_with'),
	}
}

function eventOf(row: Row): unknown {
	const location = place(row, 'location')
	return {
		external_id: cell(row, 'event_id') ?? '',
		order_number: cell(row, 'order_number') ?? '',
		shipment_external_id: cell(row, 'shipment_id'),
		title: cell(row, 'title') ?? '',
		type: cell(row, 'type') ?? '',
		event_at: cell(row, 'event_at') ?? '',
		timezone: cell(row, 'timezone') ?? '',
		node: {
			building_type: cell(row, 'building_type') ?? '',
			location,
			damage_category: cell(row, 'damage_category'),
			damage_notes: cell(row, 'damage_notes'),
		},
		location_text: cell(row, 'location_text'),
		summary: cell(row, 'summary'),
		stale: flag(cell(row, 'stale')),
		issue_type: cell(row, 'issue_type'),
	}
}

/** The CSV column an item's field came from, for a message a person can act on. */
export function columnOf(
	kind: ImportKind,
	item: 'orders' | 'shipments' | 'events',
	path: readonly PropertyKey[],
): string {
	const p = path.map(String)
	if (item === 'events') {
		if (p[0] === 'external_id') return 'event_id'
		if (p[0] === 'shipment_external_id') return 'shipment_id'
		if (p[0] === 'node')
			return p[1] === 'location' ? `location_${p[2] ?? 'name'}` : (p[1] ?? 'building_type')
		return p[0] ?? 'row'
	}
	if (item === 'shipments') {
		if (p[0] === 'external_id') return 'shipment_id'
		if (p[0] === 'estimated_delivery_date' || p[0] === 'estimated_delivery_timezone')
			return `shipment_${p[0]}`
		if (p[0] === 'shipper' || p[0] === 'consignee') return `${p[0]}_${p[1] ?? 'name'}`
		return p[0] ?? 'row'
	}
	if (p[0] === 'final_location') return `final_location_${p[1] ?? 'name'}`
	if (p[0] === 'custom_attributes') return `${ATTRIBUTE_PREFIX}${p[1] ?? ''}`
	void kind
	return p[0] ?? 'row'
}

/** Reads a file: its kind, each bad row with why, the good rows as one batch (checked against the supply chain's data). */
export async function parseImport(
	db: Executor,
	organizationId: string,
	content: string,
): Promise<ParsedImport> {
	let records: Row[]
	try {
		records = parse(content.replace(/^\uFEFF/, ''), {
			columns: (h: string[]) =>
				h.map((c) =>
					c.trim().toLowerCase().startsWith(ATTRIBUTE_PREFIX)
						? `${ATTRIBUTE_PREFIX}${c.trim().slice(ATTRIBUTE_PREFIX.length).trim()}`
						: c.trim().toLowerCase(),
				),
			skip_empty_lines: true,
			relax_column_count: true,
			trim: false,
		}) as Row[]
	} catch (error) {
		throw new ImportFileError(`The file is not a readable CSV: ${(error as Error).message}`)
	}
	const header = records.length ? Object.keys(records[0]!) : firstLine(content)
	const kind: ImportKind | null = header.includes('event_id')
		? 'events'
		: header.includes('order_number')
			? 'orders'
			: null
	if (!kind)
		throw new ImportFileError(
			'The header row must name order_number (a file of orders and shipments) or event_id (a file of events); download a template',
		)
	if (records.length === 0) throw new ImportFileError('The file has no rows under its header')
	if (records.length > IMPORT_MAX_ROWS)
		throw new ImportFileError(
			`A file holds at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows (this one ${records.length.toLocaleString('en-US')})`,
		)

	const problems = new Map<number, string[]>()
	const complain = (index: number, message: string) =>
		problems.set(index, [...(problems.get(index) ?? []), message])

	/** One candidate batch: items and, per item, the indexes of the rows it came from. */
	const build = () => {
		const body: Required<IngestBody> = { orders: [], shipments: [], events: [] }
		const from = { orders: [] as number[][], shipments: [] as number[], events: [] as number[] }
		const orderAt = new Map<string, number>()
		records.forEach((row, i) => {
			if (problems.has(i)) return
			if (kind === 'events') {
				body.events.push(EventIn.parse(eventOf(row)))
				from.events.push(i)
				return
			}
			const order = OrderIn.parse(orderOf(row))
			const known = orderAt.get(order.order_number)
			if (known === undefined) {
				orderAt.set(order.order_number, body.orders.length)
				body.orders.push(order)
				from.orders.push([i])
			} else from.orders[known]!.push(i)
			if (!blank(row.shipment_id)) {
				body.shipments.push(ShipmentIn.parse(shipmentOf(row)))
				from.shipments.push(i)
			}
		})
		return { body, from }
	}

	// The contracts, row by row.
	records.forEach((row, i) => {
		const results: [
			'orders' | 'shipments' | 'events',
			(
				| ReturnType<typeof EventIn.safeParse>
				| ReturnType<typeof OrderIn.safeParse>
				| ReturnType<typeof ShipmentIn.safeParse>
			),
		][] =
			kind === 'events'
				? [['events', EventIn.safeParse(eventOf(row))]]
				: [
						['orders', OrderIn.safeParse(orderOf(row))],
						...(blank(row.shipment_id)
							? []
							: [
									['shipments', ShipmentIn.safeParse(shipmentOf(row))] as [
										'shipments',
										ReturnType<typeof ShipmentIn.safeParse>,
									],
								]),
					]
		for (const [item, r] of results)
			if (!r.success)
				for (const issue of r.error.issues)
					complain(i, `${columnOf(kind, item, issue.path)}: ${issue.message}`)
	})

	// The cross-checks against the supply chain's data; a row taken out may leave another one
	// without what it named, so check again until nothing more is taken out.
	for (let round = 0; round < 5; round++) {
		const { body, from } = build()
		const issues: Issue[] = await checkBatch(db, organizationId, body)
		if (!issues.length)
			return {
				kind,
				totalRows: records.length,
				body,
				goodRows: records.length - problems.size,
				errors: report(records, problems),
			}
		for (const issue of issues) {
			const [item, index, ...rest] = issue.path.split('.')
			const rows =
				item === 'orders'
					? from.orders[Number(index)]!
					: [from[item as 'shipments' | 'events'][Number(index)]!]
			for (const r of rows)
				complain(r, `${columnOf(kind, item as 'orders', rest)}: ${issue.message}`)
		}
	}
	throw new ImportFileError('The file’s rows depend on each other too deeply to check; split it')
}

function firstLine(content: string): string[] {
	return (content.split(/\r?\n/)[0] ?? '').split(',').map((c) => c.trim().toLowerCase())
}

function report(records: Row[], problems: Map<number, string[]>): ImportRowError[] {
	return [...problems.entries()]
		.sort(([a], [b]) => a - b)
		.map(([i, messages]) => ({
			row: i + 2,
			messages: [...new Set(messages)],
			cells: Object.entries(records[i]!).map(([column, value]) => ({ column, value })),
		}))
}

/** The errors file: row, reason, then the row's own cells under the file's header. */
export function errorsCsv(errors: readonly ImportRowError[]): string {
	const columns = [...new Set(errors.flatMap((e) => e.cells.map((c) => c.column)))]
	const quote = (v: string) => {
		const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v
		return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
	}
	const lines = [['row', 'reason', ...columns].map(quote).join(',')]
	for (const e of errors) {
		const cells = new Map(e.cells.map((c) => [c.column, c.value]))
		lines.push(
			[String(e.row), e.messages.join('; '), ...columns.map((c) => cells.get(c) ?? '')]
				.map(quote)
				.join(','),
		)
	}
	return `${lines.join('\r\n')}\r\n`
}
