import type { SearchRow } from './search.contract'
import { formatDay, formatDayTime } from '../shared/dates'

/**
 * search_report.csv (000 §7: "a file search_report.csv, comma separated"): a header row
 * and one line per result row, with the result row's fields (000 §2 "Result row"), its dates
 * and flags as the results table shows them: the shipment date 'MM/DD/YYYY' (in the shipment's
 * zone under the shipment-date local-timezone fix, else UTC), the status date with its time and
 * zone ('11/20/2026 10:04 AM EST'), final mile Yes or No.
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

/** How the results table shows the dates: the supply chain's shipment-date local-timezone fix. */
export interface CsvOptions {
	localShipmentDate: boolean
}

/** "finalMile ('t' shows Yes)" (000 §2), and 'f' No. */
export function finalMileCell(value: SearchRow['final_mile']): string {
	return value === 't' ? 'Yes' : value === 'f' ? 'No' : ''
}

function cell(row: SearchRow, key: keyof SearchRow, opts: CsvOptions) {
	switch (key) {
		case 'shipped_at':
			return row.shipped_at
				? formatDay(row.shipped_at, opts.localShipmentDate ? row.shipped_at_tz : 'UTC')
				: null
		case 'status_at':
			return row.status_at ? formatDayTime(row.status_at, row.timezone) : null
		case 'final_mile':
			return finalMileCell(row.final_mile)
		default:
			return row[key]
	}
}

export const csvRow = (row: SearchRow, opts: CsvOptions) =>
	csvLine(CSV_COLUMNS.map((k) => cell(row, k, opts)))

/**
 * A byte stream of the whole file, pulled batch by batch: the header goes out at once,
 * each further pull reads one keyset batch, so the consumer's pace sets the reading pace
 * and memory holds one batch at a time.
 */
export function csvStream(
	batches: AsyncGenerator<SearchRow[]>,
	opts: CsvOptions,
	onError?: (error: unknown) => void,
): ReadableStream<Uint8Array> {
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
				else controller.enqueue(encoder.encode(next.value.map((r) => csvRow(r, opts)).join('')))
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
