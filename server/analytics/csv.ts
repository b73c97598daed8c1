import type { FreightCostReport, FreightFigures, ReportTable } from './analytics.contract'
import { csvLine } from '../search/csv'

/**
 * One table of the freight-cost report as CSV (RFC 4180, CRLF), its cells escaped as the search
 * export's are (csvCell: a cell a spreadsheet would read as a formula gets a leading apostrophe).
 */

const FIRST_COLUMN: Record<ReportTable, string> = {
	month: 'Month',
	carrier: 'Carrier',
	lane: 'Lane',
	conveyance: 'Conveyance type',
}

const FIGURE_COLUMNS = [
	'Spend (USD)',
	'Shipments',
	'Orders',
	'Cost per order (USD)',
	'Weight (kg)',
	'Cost per kg (USD)',
	'Delivered',
	'Late',
	'On-time rate (%)',
]

const figureCells = (f: FreightFigures) => [
	f.amount.toFixed(2),
	f.shipments,
	f.orders,
	f.per_order?.toFixed(2) ?? '',
	f.weight_kg,
	f.per_kg?.toFixed(4) ?? '',
	f.delivered,
	f.late,
	f.on_time_rate === null ? '' : (f.on_time_rate * 100).toFixed(1),
]

export function reportCsvName(
	report: Pick<FreightCostReport, 'from' | 'to'>,
	table: ReportTable,
): string {
	return `freight_cost_by_${table}_${report.from}_${report.to}.csv`
}

export function reportCsv(report: FreightCostReport, table: ReportTable): string {
	const rows: [string, FreightFigures][] =
		table === 'month'
			? report.by_month.map((r) => [r.month, r])
			: table === 'carrier'
				? report.by_carrier.map((r) => [r.carrier, r])
				: table === 'lane'
					? report.by_lane.map((r) => [r.lane, r])
					: report.by_conveyance.map((r) => [r.conveyance, r])
	return [
		csvLine([FIRST_COLUMN[table], ...FIGURE_COLUMNS]),
		...rows.map(([name, f]) => csvLine([name, ...figureCells(f)])),
		csvLine(['Total', ...figureCells(report.totals)]),
	].join('')
}
