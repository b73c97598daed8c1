import { Form, Link, useNavigation } from 'react-router'
import { Chart, type ChartSeries } from '~/components/chart/chart'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Field } from '~/components/ui/field'
import { Select } from '~/components/ui/select'
import { Skeleton } from '~/components/ui/skeleton'
import { dollars, shortDollars } from '~/lib/intl-formats'
import { ANALYTICS_FAILURE_TEXT } from './failure'
import {
	exportHref,
	monthLabel,
	percent,
	perKg,
	REPORT_EMPTY,
	whole,
	wholePercent,
} from './report-formats'
import type { Report, ReportFilters } from './page.server'

type Figures = Report['totals']

/** The table-only columns every breakdown shows beside its drawn spend. */
function figureColumns(rows: Figures[], opts: { spend?: boolean } = {}): ChartSeries[] {
	return [
		...(opts.spend === false
			? []
			: [{ name: 'Spend', data: rows.map((r) => r.amount), format: dollars }]),
		{ name: 'Shipments', data: rows.map((r) => r.shipments), format: whole, tableOnly: true },
		{ name: 'Orders', data: rows.map((r) => r.orders), format: whole, tableOnly: true },
		{ name: 'Per order', data: rows.map((r) => r.perOrder), format: dollars, tableOnly: true },
		{ name: 'Per kg', data: rows.map((r) => r.perKg), format: perKg, tableOnly: true },
		{ name: 'On-time rate', data: rows.map((r) => r.onTimeRate), format: percent, tableOnly: true },
	]
}

/**
 * The built-in freight-cost report: filters as URL state (a GET form, so it works without
 * JavaScript), the totals, then by month, carrier, spend against on-time rate per carrier, lane and
 * conveyance type — each an apexcharts chart with its numbers as a table (the dashboard's Chart) and
 * a CSV download of that table. A skeleton stands in while a new filter loads.
 */
export function FreightCostReport(props: {
	path: string
	filters: ReportFilters
	errors: Partial<Record<keyof ReportFilters, string[]>> | null
	report: Report | null
	failed: boolean
}) {
	const { path, filters, errors, report, failed } = props
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === path
	return (
		<div className="analytics-report">
			<Filters path={path} filters={filters} errors={errors} report={report} />
			{failed ? (
				<p className="analytics-failure" role="alert">
					{ANALYTICS_FAILURE_TEXT}
				</p>
			) : loading ? (
				<Skeleton label="Loading the freight-cost report" lines={8} />
			) : report ? (
				<Sections
					report={report}
					search={new URLSearchParams(Object.entries(filters).filter(([, v]) => v))}
				/>
			) : null}
		</div>
	)
}

function Filters({
	path,
	filters,
	errors,
	report,
}: {
	path: string
	filters: ReportFilters
	errors: Partial<Record<keyof ReportFilters, string[]>> | null
	report: Report | null
}) {
	// The range shown when none was typed: the report's own.
	const from = filters.from || report?.from || ''
	const to = filters.to || report?.to || ''
	const carriers = report?.carriers.map((c) => ({ value: c.id, label: c.name })) ?? []
	const lanes = report?.lanes.map((l) => ({ value: l, label: l })) ?? []
	// A chosen lane that has no cost in the range stays choosable (and shown).
	if (filters.lane && !lanes.some((l) => l.value === filters.lane))
		lanes.unshift({ value: filters.lane, label: filters.lane })
	return (
		<Form method="get" action={path} className="analytics-filters" aria-label="Report filters">
			<Field id="analytics-from" label="From (month)" hint="YYYY-MM" errors={errors?.from}>
				{(control) => (
					<input {...control} type="month" name="from" defaultValue={from} key={`from-${from}`} />
				)}
			</Field>
			<Field id="analytics-to" label="To (month)" hint="YYYY-MM" errors={errors?.to}>
				{(control) => (
					<input {...control} type="month" name="to" defaultValue={to} key={`to-${to}`} />
				)}
			</Field>
			<Field id="analytics-carrier" label="Carrier" errors={errors?.carrier}>
				{(control) => (
					<Select
						{...control}
						name="carrier"
						placeholder="All carriers"
						options={carriers}
						defaultValue={filters.carrier}
						key={`carrier-${filters.carrier}`}
					/>
				)}
			</Field>
			<Field id="analytics-lane" label="Lane" errors={errors?.lane}>
				{(control) => (
					<Select
						{...control}
						name="lane"
						placeholder="All lanes"
						options={lanes}
						defaultValue={filters.lane}
						key={`lane-${filters.lane}`}
					/>
				)}
			</Field>
			<div className="analytics-filters__actions">
				<Button type="submit" variant="primary">
					Apply
				</Button>
				<ButtonLink to={path} variant="quiet">
					Clear filters
				</ButtonLink>
			</div>
		</Form>
	)
}

function Download({
	table,
	search,
	label,
}: {
	table: string
	search: URLSearchParams
	label: string
}) {
	return (
		<Link className="analytics-download" to={exportHref(table, search)} reloadDocument download>
			Download {label} as CSV
		</Link>
	)
}

function Sections({ report, search }: { report: Report; search: URLSearchParams }) {
	const t = report.totals
	if (t.shipments === 0) {
		return <EmptyState>{REPORT_EMPTY}</EmptyState>
	}
	const months = report.byMonth
	return (
		<>
			<section aria-label="Totals" className="analytics-totals">
				<dl>
					<div>
						<dt>Freight spend</dt>
						<dd data-testid="total-spend">{dollars(t.amount)}</dd>
					</div>
					<div>
						<dt>Shipments</dt>
						<dd>{whole(t.shipments)}</dd>
					</div>
					<div>
						<dt>Cost per order</dt>
						<dd>{t.perOrder === null ? '—' : dollars(t.perOrder)}</dd>
					</div>
					<div>
						<dt>Cost per kg</dt>
						<dd>{t.perKg === null ? '—' : perKg(t.perKg)}</dd>
					</div>
					<div>
						<dt>On-time rate</dt>
						<dd>{t.onTimeRate === null ? '—' : percent(t.onTimeRate)}</dd>
					</div>
				</dl>
				<p className="analytics-totals__range">
					{monthLabel(report.from)} to {monthLabel(report.to)}, USD
				</p>
			</section>
			<div className="analytics-grid">
				<Card
					title="Freight cost by month"
					actions={<Download table="month" search={search} label="by month" />}
				>
					<Chart
						kind="bar"
						title="Freight cost by month"
						categoryHeader="Month"
						categories={months.map((m) => monthLabel(m.month))}
						series={figureColumns(months)}
						format={dollars}
						axisFormat={shortDollars}
						totals
					/>
				</Card>
				<Card
					title="Freight cost by carrier"
					actions={<Download table="carrier" search={search} label="by carrier" />}
				>
					<Chart
						kind="bar"
						horizontal
						title="Freight cost by carrier"
						categoryHeader="Carrier"
						categories={report.byCarrier.map((c) => c.carrier)}
						series={figureColumns(report.byCarrier)}
						format={dollars}
						axisFormat={shortDollars}
						totals
					/>
				</Card>
				<Card title="Spend against on-time rate per carrier">
					<Chart
						kind="scatter"
						title="Spend against on-time rate per carrier"
						categoryHeader="Carrier"
						categories={report.byCarrier.map((c) => c.carrier)}
						series={[
							{
								name: 'Spend',
								data: report.byCarrier.map((c) => c.amount),
								format: dollars,
								axisFormat: shortDollars,
							},
							{
								name: 'On-time rate',
								data: report.byCarrier.map((c) => c.onTimeRate),
								format: percent,
								axisFormat: wholePercent,
							},
							{
								name: 'Per kg',
								data: report.byCarrier.map((c) => c.perKg),
								format: perKg,
								tableOnly: true,
							},
						]}
					/>
				</Card>
				<Card
					title="Freight cost by lane"
					actions={<Download table="lane" search={search} label="by lane" />}
				>
					<Chart
						kind="bar"
						horizontal
						title="Freight cost by lane"
						categoryHeader="Lane (origin → destination)"
						categories={report.byLane.map((l) => l.lane)}
						series={figureColumns(report.byLane)}
						format={dollars}
						axisFormat={shortDollars}
						totals
						height={Math.max(280, 28 * Math.min(report.byLane.length, 30))}
					/>
				</Card>
				<Card
					title="Freight cost by conveyance type"
					actions={<Download table="conveyance" search={search} label="by conveyance type" />}
				>
					<Chart
						kind="bar"
						title="Freight cost by conveyance type"
						categoryHeader="Conveyance type"
						categories={report.byConveyance.map((c) => c.conveyance)}
						series={figureColumns(report.byConveyance)}
						format={dollars}
						axisFormat={shortDollars}
						totals
					/>
				</Card>
			</div>
		</>
	)
}
