import { sql, type SQL } from 'drizzle-orm'
import type { SearchRow } from '../../contracts/search'

/**
 * search_report.csv (000 §7: "a file search_report.csv, comma separated"): a header row
 * and one line per result row, with the result row's fields (000 §2 "Result row").
 */
export const CSV_FILENAME = 'search_report.csv'

export const CSV_COLUMNS: readonly (keyof SearchRow)[] = [
	'id',
	'ship_set_id',
	'shipment_id',
	'ship_set_name',
	'reference_number',
	'carrier_name',
	'tracking_number',
	'shipped_at',
	'shipped_at_tz',
	'shipment_status',
	'status_name',
	'status_at',
	'timezone',
	'location',
	'final_mile',
	'conveyance_type',
]

/** Cells a spreadsheet would read as a formula (or that hide one behind a control character). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV cell: a value starting with =, +, -, @, tab or carriage return gets a leading
 * apostrophe (so a spreadsheet shows it as text, OWASP "CSV injection"); then a value
 * holding a comma, quote or line break is quoted with its quotes doubled (RFC 4180). So is
 * one holding a semicolon: spreadsheets in many locales split on it, so `x;=1+1` unquoted
 * would open as a cell `x` and a formula `=1+1`.
 */
export function csvCell(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return ''
	let text = String(value)
	if (FORMULA_START.test(text)) text = `'${text}`
	return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
	return `${values.map(csvCell).join(',')}\r\n`
}

export const csvHeader = () => csvLine(CSV_COLUMNS)

/**
 * csvCell in SQL, for the export the database writes (search-export.ts): the same
 * formula escaping and the same quoting, so that a line is byte for byte csvRow's
 * (tests/api/search-read-model.test.ts compares them on every row).
 */
function cellSql(value: SQL): SQL {
	const text = sql`(case when left(${value}, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || ${value} else ${value} end)`
	return sql`(case when ${value} is null then '' when ${text} ~ E'[",;\r\n]' then '"' || replace(${text}, '"', '""') || '"' else ${text} end)`
}
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
const col = (column: string) => sql.raw(column)

/** One CSV line (with its CRLF) of a row of search_rows r, the columns of CSV_COLUMNS. */
export function csvLineSql(): SQL {
	const cells: Record<(typeof CSV_COLUMNS)[number], SQL> = {
		id: sql`coalesce(r.shipment_id, r.ship_set_id)::text`,
		ship_set_id: sql`r.ship_set_id::text`,
		shipment_id: sql`coalesce(r.shipment_id::text, '')`,
		ship_set_name: cellSql(col('r.ship_set_name')),
		reference_number: cellSql(col('r.reference_number')),
		carrier_name: cellSql(col('r.carrier_name')),
		tracking_number: cellSql(col('r.tracking_number')),
		shipped_at: cellSql(iso('r.shipped_at')),
		shipped_at_tz: cellSql(col('r.shipped_at_tz')),
		shipment_status: cellSql(col('r.shipment_status')),
		status_name: cellSql(col('r.status_name')),
		status_at: cellSql(iso('r.status_at')),
		timezone: cellSql(col('r.timezone')),
		location: cellSql(col('r.location')),
		final_mile: sql`(case r.final_mile when true then 't' when false then 'f' else '' end)`,
		conveyance_type: cellSql(col('r.conveyance_type')),
	}
	return sql`(${sql.join(
		CSV_COLUMNS.map((c) => cells[c]),
		sql` || ',' || `,
	)} || E'\r\n')`
}
export const csvRow = (row: SearchRow) => csvLine(CSV_COLUMNS.map((k) => row[k]))

/**
 * A byte stream of the whole file, pulled batch by batch: the header goes out at once,
 * each further pull reads one keyset batch, so the consumer's pace sets the reading pace
 * and memory holds one batch at a time.
 */
export function csvStream(batches: AsyncGenerator<SearchRow[]>, onError?: (error: unknown) => void): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder()
	let headerSent = false
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (!headerSent) {
				headerSent = true
				controller.enqueue(encoder.encode(csvHeader()))
				return
			}
			try {
				const next = await batches.next()
				if (next.done) controller.close()
				else controller.enqueue(encoder.encode(next.value.map(csvRow).join('')))
			} catch (error) {
				onError?.(error)
				controller.error(error)
			}
		},
		async cancel() {
			await batches.return(undefined)
		},
	})
}
