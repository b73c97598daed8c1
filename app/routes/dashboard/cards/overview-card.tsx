import { ORDER_TIME_MONTHS } from '#contracts/dashboard/widgets'
import { Chart } from '~/components/chart/chart'
import { LATE_COLOUR, ON_TIME_COLOUR } from '~/components/chart/chart-model'
import { Card } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import type { Option } from '~/components/ui/options'
import { Select } from '~/components/ui/select'
import { CARD_TEXTS, overviewFilters, type CardRead } from './cards'
import { hoursToCardDays, monthsLabel } from '../format'
import type { CardData } from './cards.server'
import { CardFilters, CardState } from './card-filters'
import { useCard } from './use-card'

type Overview = CardData['overview']

const MONTH_OPTIONS: Option[] = ORDER_TIME_MONTHS.map((m) => ({
	value: String(m),
	label: monthsLabel(m),
}))

/**
 * Overview (001 §2 "Overview has a months filter (1, 3, 6, 12 Months; default 12) and an Order Type
 * filter. Late vs On Time shows counts per delivery status and a total. Average Order Time is shown
 * in days."; §9 "on the newer card days = hours/24 with 2 decimals").
 */
export function OverviewCard({
	read,
	search,
	orderTypes,
}: {
	read: CardRead<Overview> | undefined
	search: string
	orderTypes: Option[]
}) {
	const data = useCard('overview', read, search)
	const filters = overviewFilters(new URLSearchParams(search))
	return (
		<Card title="Overview" className="dash-card dash-card--overview">
			<CardFilters card="overview" search={search} label="Overview filters">
				<Field id="ov-months" label="Months">
					{(control) => (
						<Select
							{...control}
							name="ov_months"
							options={MONTH_OPTIONS}
							defaultValue={String(filters.months)}
						/>
					)}
				</Field>
				<Field id="ov-order-type" label="Order Type">
					{(control) => (
						<Select
							{...control}
							name="ov_order_type"
							options={orderTypes}
							placeholder={CARD_TEXTS.any}
							defaultValue={filters.orderType}
						/>
					)}
				</Field>
			</CardFilters>
			<div className="dash-card__widgets">
				<section className="dash-widget" aria-labelledby="ov-late-title">
					<h3 id="ov-late-title">Late vs On Time</h3>
					<CardState data={data === undefined ? undefined : data.lateVsOnTime}>
						{(answer) => <LateVsOnTime answer={answer} />}
					</CardState>
				</section>
				<section className="dash-widget" aria-labelledby="ov-average-title">
					<h3 id="ov-average-title">Average Order Time</h3>
					<CardState data={data === undefined ? undefined : data.averageTime}>
						{(answer) =>
							answer.average === null ? (
								<p className="empty">{CARD_TEXTS.noOrders}</p>
							) : (
								<p className="dash-figure" data-testid="average-order-time">
									<span className="dash-figure__value">{hoursToCardDays(answer.average)}</span>{' '}
									<span className="dash-figure__unit">days</span>{' '}
									<span className="dash-figure__note">
										over the last {monthsLabel(data!.filters.months).toLowerCase()}
									</span>
								</p>
							)
						}
					</CardState>
				</section>
			</div>
		</Card>
	)
}

const STATUS_NAMES = { late: 'Late', on_time: 'On Time' } as const

function LateVsOnTime({ answer }: { answer: NonNullable<Overview['lateVsOnTime']> }) {
	const count = (status: keyof typeof STATUS_NAMES) =>
		answer.deliveryStatus.find((d) => d.status === status)?.count ?? 0
	const statuses = Object.keys(STATUS_NAMES) as (keyof typeof STATUS_NAMES)[]
	return (
		<>
			<dl className="dash-counts" aria-label="Orders by delivery status">
				{statuses.map((s) => (
					<div key={s}>
						<dt>{STATUS_NAMES[s]}</dt>
						<dd>{count(s)}</dd>
					</div>
				))}
				<div>
					<dt>Total</dt>
					<dd>{answer.total}</dd>
				</div>
			</dl>
			<Chart
				kind="donut"
				title="Orders late and on time"
				categoryHeader="Delivery status"
				categories={statuses.map((s) => STATUS_NAMES[s])}
				series={[{ name: 'Orders', data: statuses.map(count) }]}
				sliceColours={statuses.map((s) => (s === 'late' ? LATE_COLOUR : ON_TIME_COLOUR))}
				empty={CARD_TEXTS.noOrders}
				height={220}
			/>
		</>
	)
}
