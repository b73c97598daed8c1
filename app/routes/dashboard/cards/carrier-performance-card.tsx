import { DURATIONS } from '#contracts/dashboard/widgets'
import { Chart } from '~/components/chart/chart'
import { LATE_COLOUR, ON_TIME_COLOUR } from '~/components/chart/chart-model'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Field } from '~/components/ui/field'
import type { Option } from '~/components/ui/options'
import { MultiSelect, Select } from '~/components/ui/select'
import { Table } from '~/components/ui/table'
import {
	CARD_TEXTS,
	carrierFilters,
	DURATION_LABELS,
	TRENDS_PER_PAGE,
	trendsPage,
	type CardRead,
	type Duration,
} from './cards'
import { percent, signedTrend } from '../format'
import { CardPager } from './card-pager'
import type { CardData } from './cards.server'
import { CardFilters, CardState } from './card-filters'
import { useCard } from './use-card'

type Carriers = CardData['carriers']

const DURATION_OPTIONS: Option[] = DURATIONS.map((d) => ({ value: d, label: DURATION_LABELS[d] }))

/**
 * Carrier Performance (001 §2 "has a multi-select carrier filter and a duration filter (Month,
 * Quarter, Year; default Month), and shows Late, On Time and Trends"; §5 "on-time percentage shows
 * 2 decimals; a positive trend is shown with a + sign"; §9 "trends page size 5").
 */
export function CarrierPerformanceCard({
	read,
	search,
	carriers,
}: {
	read: CardRead<Carriers> | undefined
	search: string
	carriers: Option[]
}) {
	const data = useCard('carriers', read, search)
	const filters = carrierFilters(new URLSearchParams(search))
	return (
		<Card title="Carrier Performance" className="dash-card dash-card--carriers">
			<CardFilters card="carriers" search={search} label="Carrier Performance filters">
				<Field id="cp-carriers" label="Carriers" hint="None chosen: every carrier">
					{(control) => (
						<MultiSelect
							{...control}
							name="cp_carrier"
							label="Carriers"
							options={carriers}
							defaultValue={filters.carriers}
						/>
					)}
				</Field>
				<Field id="cp-duration" label="Duration">
					{(control) => (
						<Select
							{...control}
							name="cp_duration"
							options={DURATION_OPTIONS}
							defaultValue={filters.duration}
						/>
					)}
				</Field>
			</CardFilters>
			<div className="dash-card__widgets">
				<section className="dash-widget" aria-labelledby="cp-late-title">
					<h3 id="cp-late-title">Late</h3>
					<CardState data={data === undefined ? undefined : data.lateOnTime}>
						{(answer) => (
							<PerCarrier
								title="Late shipments by carrier"
								name="Late shipments"
								counts={answer.lateShipments.carriers}
								colour="late"
							/>
						)}
					</CardState>
				</section>
				<section className="dash-widget" aria-labelledby="cp-on-time-title">
					<h3 id="cp-on-time-title">On Time</h3>
					<CardState data={data === undefined ? undefined : data.lateOnTime}>
						{(answer) => (
							<PerCarrier
								title="On-time shipments by carrier"
								name="On-time shipments"
								counts={answer.onTimeShipments.carriers}
								colour="on-time"
							/>
						)}
					</CardState>
				</section>
				<section className="dash-widget dash-widget--wide" aria-labelledby="cp-trends-title">
					<h3 id="cp-trends-title">Trends</h3>
					<CardState data={data === undefined ? undefined : data.trends}>
						{(answer) => (
							<Trends answer={answer} duration={data!.filters.duration} search={search} />
						)}
					</CardState>
				</section>
			</div>
		</Card>
	)
}

const COLOURS = { late: LATE_COLOUR, 'on-time': ON_TIME_COLOUR } as const

/** Late or On Time: each carrier's count, drawn as bars with the same numbers as a table. */
function PerCarrier({
	title,
	name,
	counts,
	colour,
}: {
	title: string
	name: string
	counts: { carrier: string; count: number }[]
	colour: keyof typeof COLOURS
}) {
	if (counts.length === 0) return <EmptyState>{CARD_TEXTS.noCarriers}</EmptyState>
	return (
		<Chart
			kind="bar"
			horizontal
			title={title}
			categoryHeader="Carrier"
			categories={counts.map((c) => c.carrier)}
			series={[{ name, data: counts.map((c) => c.count), colour: COLOURS[colour] }]}
			valueLabel="Shipments"
			empty={CARD_TEXTS.noShipments}
			height={Math.max(160, 40 * counts.length + 60)}
		/>
	)
}

function Trends({
	answer,
	duration,
	search,
}: {
	answer: NonNullable<Carriers['trends']>
	duration: Duration
	search: string
}) {
	if (answer.carriers.length === 0) return <EmptyState>{CARD_TEXTS.noCarriers}</EmptyState>
	const period = DURATION_LABELS[duration].toLowerCase()
	return (
		<>
			<Table label="Carrier trends" className="dash-table">
				<thead>
					<tr>
						<th scope="col">Carrier</th>
						<th scope="col">On Time</th>
						<th scope="col">On-time trend (points)</th>
						<th scope="col">Late trend (points)</th>
						<th scope="col">This {period}</th>
						<th scope="col">Previous {period}</th>
					</tr>
				</thead>
				<tbody>
					{answer.carriers.map((c) => (
						<tr key={c.carrier}>
							<th scope="row">{c.carrier}</th>
							<td data-label="On Time">{percent(c.onTimePercentage)}</td>
							<td data-label="On-time trend (points)" className={trendClass(c.onTimeTrend, true)}>
								{signedTrend(c.onTimeTrend)}
							</td>
							<td data-label="Late trend (points)" className={trendClass(c.lateTrend, false)}>
								{signedTrend(c.lateTrend)}
							</td>
							<td data-label={`This ${period}`}>
								{c.currentOnTime} of {c.currentTotal} on time
							</td>
							<td data-label={`Previous ${period}`}>
								{c.previousOnTime} of {c.previousTotal} on time
							</td>
						</tr>
					))}
				</tbody>
			</Table>
			<CardPager
				label="Trends pages"
				noun="trends"
				param="cp_page"
				page={trendsPage(answer.offset)}
				total={answer.total}
				size={TRENDS_PER_PAGE}
				search={search}
			/>
		</>
	)
}

/** A trend's colour repeats its sign: up is good for on time, bad for late. */
function trendClass(value: number, upIsGood: boolean): string | undefined {
	if (Math.abs(value) < 0.005) return undefined
	return value > 0 === upIsGood ? 'dash-trend dash-trend--good' : 'dash-trend dash-trend--bad'
}
