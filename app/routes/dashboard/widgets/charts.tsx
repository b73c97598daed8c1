import { Chart, type ChartSeries } from '~/components/chart/chart'
import { CARRIER_MONTHS, CONVEYANCE_CODES, ORDER_TIME_MONTHS } from '#contracts/dashboard/widgets'
import {
	averageTimeSubtitle,
	CONVEYANCE_LABELS,
	hoursToDays,
	carrierDays,
	monthLabel,
	monthsLabel,
} from '../format'
import { FilterForm, FilterSelect, useWidget, WidgetCard, WidgetFailed } from './widget-kit'
import type { FilterLists, WidgetAnswer } from './widgets.server'

/**
 * Average Order Time (001 §2): monthly averages with a months filter (1, 3, 6, 12; default 12) and
 * an Order Type filter; the subtitle shows the period's average in days and hours, the chart
 * "Hours to days with one decimal on the widget page" (001 §9).
 */
export function AverageTimeWidget({
	initial,
	lists,
}: {
	initial: WidgetAnswer<'average-time'>
	lists: FilterLists
}) {
	const { answer, loading } = useWidget('average-time', initial)
	const data = answer.result.data
	const subtitle = averageTimeSubtitle(data?.average)
	return (
		<WidgetCard widget="average-time" loading={loading}>
			<FilterForm widget="average-time" label="Average Order Time filters">
				<FilterSelect
					name="time_months"
					label="Months"
					value={data?.state.months ?? 12}
					options={ORDER_TIME_MONTHS.map((m) => ({ value: String(m), label: monthsLabel(m) }))}
				/>
				<FilterSelect
					name="time_type"
					label="Order type"
					value={data?.state.orderType ?? ''}
					any
					options={lists.orderTypes}
				/>
			</FilterForm>
			{subtitle ? (
				<p className="dash-widget__subtitle">
					Average: <strong>{subtitle}</strong>
				</p>
			) : null}
			{!data ? (
				<WidgetFailed widget="average-time" />
			) : (
				<Chart
					kind="bar"
					title="Average order time per month (days)"
					categoryHeader="Month"
					categories={data.months.map((m) => monthLabel(m.month))}
					series={[
						{
							name: 'Average days',
							data: data.months.map((m) =>
								m.value === null ? null : Number(hoursToDays(m.value)),
							),
						},
					]}
					format={(v) => v.toFixed(1)}
					valueLabel="Days"
				/>
			)}
		</WidgetCard>
	)
}

/**
 * Carrier Performance (001 §2): each carrier's average days per month; months 3, 6, 12 (default
 * 6), conveyance Ground, Air, Ocean (default Ground); "days shown with 2 decimals" (001 §9).
 */
export function CarrierPerformanceWidget({
	initial,
}: {
	initial: WidgetAnswer<'carrier-performance'>
}) {
	const { answer, loading } = useWidget('carrier-performance', initial)
	const data = answer.result.data
	const months = data?.months ?? []
	const carriers = [
		...new Set(months.flatMap((m) => m.averageDaysCarriers.map((c) => c.carrier))),
	].sort((a, b) => a.localeCompare(b))
	const series: ChartSeries[] = carriers.map((carrier) => ({
		name: carrier,
		data: months.map((m) => {
			const hit = m.averageDaysCarriers.find((c) => c.carrier === carrier)
			return hit ? Number(carrierDays(hit.averageTime)) : null
		}),
	}))
	return (
		<WidgetCard widget="carrier-performance" loading={loading}>
			<FilterForm widget="carrier-performance" label="Carrier Performance filters">
				<FilterSelect
					name="carrier_months"
					label="Months"
					value={data?.state.months ?? 6}
					options={CARRIER_MONTHS.map((m) => ({ value: String(m), label: monthsLabel(m) }))}
				/>
				<FilterSelect
					name="carrier_conveyance"
					label="Conveyance type"
					value={data?.state.conveyance ?? 0}
					options={CONVEYANCE_CODES.map((c) => ({ value: String(c), label: CONVEYANCE_LABELS[c] }))}
				/>
			</FilterForm>
			{!data ? (
				<WidgetFailed widget="carrier-performance" />
			) : (
				<Chart
					kind="line"
					title="Average days per carrier and month"
					categoryHeader="Month"
					categories={months.map((m) => m.month)}
					series={series}
					format={(v) => v.toFixed(2)}
					valueLabel="Days"
				/>
			)}
		</WidgetCard>
	)
}
