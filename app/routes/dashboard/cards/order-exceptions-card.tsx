import { TIMEFRAME_DAYS } from '#contracts/dashboard/widgets'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Field } from '~/components/ui/field'
import type { Option } from '~/components/ui/options'
import { Select } from '~/components/ui/select'
import { Table } from '~/components/ui/table'
import {
	CARD_TEXTS,
	exceptionFilters,
	issuesByType,
	WITHOUT_UPDATES_LIMIT,
	type CardRead,
} from './cards'
import { CardPager } from './card-pager'
import { dollars } from '~/lib/intl-formats'
import { timeframeLabel } from '../format'
import type { CardData } from './cards.server'
import { CardFilters, CardState } from './card-filters'
import { OrderRows } from './order-rows'
import { useCard } from './use-card'

type Exceptions = CardData['exceptions']

const DAY_OPTIONS: Option[] = TIMEFRAME_DAYS.map((d) => ({
	value: String(d),
	label: timeframeLabel(d),
}))

/**
 * Order Exceptions (001 §2 "has filters for days (1 day, 2 days, 3 days, 1 week, 2 weeks; default 2
 * days), carrier, issue type and order type. It holds Issues Log and Orders Without Update."). The
 * Issues Log is shown under the Issues Log rule only (`showIssuesLog`); the issue type narrows the
 * orders without updates (the Issues Log is itself by issue type). Orders Without Update shows 5 a
 * page with a pager (`ex_page`, 001 §7 "without-update inputs for the newer dashboard are … page");
 * a filter goes back to its first page.
 */
export function OrderExceptionsCard(props: {
	read: CardRead<Exceptions> | undefined
	search: string
	showIssuesLog: boolean
	choices: { carrierDescriptions: Option[]; issueTypes: Option[]; orderTypes: Option[] }
}) {
	const { read, search, showIssuesLog, choices } = props
	const data = useCard('exceptions', read, search)
	const filters = exceptionFilters(new URLSearchParams(search))
	return (
		<Card title="Order Exceptions" className="dash-card dash-card--exceptions">
			<CardFilters card="exceptions" search={search} label="Order Exceptions filters">
				<Field id="ex-days" label="Days">
					{(control) => (
						<Select
							{...control}
							name="ex_days"
							options={DAY_OPTIONS}
							defaultValue={String(filters.days)}
						/>
					)}
				</Field>
				<Field id="ex-carrier" label="Carrier">
					{(control) => (
						<Select
							{...control}
							name="ex_carrier"
							options={choices.carrierDescriptions}
							placeholder={CARD_TEXTS.any}
							defaultValue={filters.carrier}
						/>
					)}
				</Field>
				<Field id="ex-issue-type" label="Issue Type">
					{(control) => (
						<Select
							{...control}
							name="ex_issue_type"
							options={choices.issueTypes}
							placeholder={CARD_TEXTS.any}
							defaultValue={filters.issueType}
						/>
					)}
				</Field>
				<Field id="ex-order-type" label="Order Type">
					{(control) => (
						<Select
							{...control}
							name="ex_order_type"
							options={choices.orderTypes}
							placeholder={CARD_TEXTS.any}
							defaultValue={filters.orderType}
						/>
					)}
				</Field>
			</CardFilters>
			<div className="dash-card__widgets">
				{showIssuesLog ? (
					<section className="dash-widget" aria-labelledby="ex-issues-title">
						<h3 id="ex-issues-title">Issues Log</h3>
						<CardState data={data === undefined ? undefined : (data.issuesLog ?? null)}>
							{(entries) => <IssuesTable entries={entries} />}
						</CardState>
					</section>
				) : null}
				<section className="dash-widget" aria-labelledby="ex-without-title">
					<h3 id="ex-without-title">Orders Without Update</h3>
					<CardState data={data === undefined ? undefined : data.withoutUpdates}>
						{(answer) => (
							<>
								<OrderRows
									orders={answer.orders}
									empty={CARD_TEXTS.noOrdersWithoutUpdates}
									label="Orders without update"
								/>
								<CardPager
									label="Orders Without Update pages"
									noun="orders without update"
									param="ex_page"
									page={answer.page}
									total={answer.total}
									size={WITHOUT_UPDATES_LIMIT}
									search={search}
								/>
							</>
						)}
					</CardState>
				</section>
			</div>
		</Card>
	)
}

function IssuesTable({ entries }: { entries: NonNullable<Exceptions['issuesLog']> }) {
	const rows = issuesByType(entries)
	if (rows.length === 0) return <EmptyState>{CARD_TEXTS.noOrders}</EmptyState>
	return (
		<Table label="Issues Log by issue type" className="dash-table">
			<thead>
				<tr>
					<th scope="col">Issue type</th>
					<th scope="col">Count</th>
					<th scope="col">Delivery Value</th>
				</tr>
			</thead>
			<tbody>
				{rows.map((r) => (
					<tr key={r.statusTypeName}>
						<th scope="row">{r.statusTypeName}</th>
						<td data-label="Count">{r.count}</td>
						<td data-label="Delivery Value">{dollars(r.deliveryValue)}</td>
					</tr>
				))}
			</tbody>
		</Table>
	)
}
