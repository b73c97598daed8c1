import { useEffect, useId, useState, type ReactNode } from 'react'
import { Form, useFetcher, useLocation, useNavigation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button, buttonClass } from '~/components/ui/button'
import { CalendarButton } from '~/components/ui/calendar'
import { EmptyState } from '~/components/ui/empty-state'
import { Field } from '~/components/ui/field'
import { Icon } from '~/components/ui/icon'
import { Pagination, type PaginationItem } from '~/components/ui/pagination'
import { Table } from '~/components/ui/table'
import {
	breachCountText,
	clearedForm,
	clearHref,
	durationsByType,
	formatShortDate,
	HIST,
	historicalKey,
	itemTypeLabel,
	ordersShown,
	otherParams,
	padRows,
	pageHref,
	pagerEntries,
	parseHistorical,
	parseShortDate,
	SENSOR_CODES,
	sensorLabel,
	sensorRows,
	TEXTS,
	thresholdText,
} from './historical'
import { unitLabel } from './units'
import { trackerHref } from '~/lib/iot-tracker-links'
import { formatEventTime } from '~/lib/dates'
import historicalStylesHref from './historical.css?url'
import { ClaimPackLink } from './claim-pack-link'
import type { HistoricalAnswer, HistoricalOrder, HistoricalRead } from './historical.server'

/** Where the section reads itself (historical-route.tsx). */
const historicalUrl = (key: string) => `/dashboard/breaches/historical${key ? `?${key}` : ''}`

/**
 * The section's answer for the URL now: the page's read when it was for these parameters, else
 * its own read (with JavaScript, once its filters or page change: navigations the page's loader
 * skips), showing the last answer, marked busy, until the new one arrives.
 */
function useHistorical(initial: HistoricalRead) {
	const { search, pathname } = useLocation()
	const key = historicalKey(search)
	const fetcher = useFetcher<HistoricalRead>({ key: 'historical-breaches' })
	const { load } = fetcher
	useEffect(() => {
		if (key !== initial.key) void load(historicalUrl(key))
	}, [key, initial.key, load])
	const fetched = fetcher.data
	const answer =
		key === initial.key ? initial : fetched?.key === key ? fetched : (fetched ?? initial)
	// A search or page link on its way (the URL not changed yet) counts as loading too.
	const navigation = useNavigation()
	const leaving =
		navigation.state !== 'idle' &&
		navigation.location.pathname === pathname &&
		historicalKey(navigation.location.search) !== key
	return {
		answer: answer.data,
		shownKey: answer.key,
		loading: answer.key !== key || fetcher.state !== 'idle' || leaving,
		search,
		key,
	}
}

/**
 * Historical Breaches (001 §2 "Historical Breaches screen"): the Filters panel on the left (order
 * number, the date range MM/DD/YY with weeks from Monday and no day after today, six sensor
 * switches, Clear Filters and Search) and the table on the right (Shipment, Summary of Breaches,
 * Sensors Breached, Orders; 5 rows; 0-based pages with a range of 4 and 1 margin page). Its state
 * is the URL's hist_* parameters: a GET form and links without JavaScript; with it, a search or a
 * page reads only this section. Rendered by the widget page and the Breached Orders tab, whose
 * loaders read it with `loadHistoricalBreaches` and skip themselves when only hist_* changed.
 */
export function HistoricalBreaches({
	initial,
	headingLevel = 2,
}: {
	initial: HistoricalRead
	headingLevel?: 2 | 3
}) {
	const { answer, shownKey, loading, search, key } = useHistorical(initial)
	const { today, result } = answer
	const headingId = useId()
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	return (
		<section className="hist" aria-labelledby={headingId} data-section="historical-breaches">
			<link rel="stylesheet" href={historicalStylesHref} precedence="default" />
			<Heading id={headingId} className="hist__title">
				{TEXTS.title}
				{result.status === 'ok' && !loading ? (
					<span className="hist__count"> ({result.totalOrders})</span>
				) : null}
			</Heading>
			<div className="hist__layout">
				<Filters search={search} searchKey={key} today={today} loading={loading} />
				<div className="hist__results" aria-busy={loading} data-key={shownKey}>
					<p className="visually-hidden" aria-live="polite">
						{loading
							? 'Loading historical breaches…'
							: result.status === 'ok'
								? `${result.totalOrders} historical breaches found`
								: ''}
					</p>
					<ResultsTable answer={answer} />
					{result.status === 'ok' ? (
						<Pager page={result.page} pages={result.totalPages} loading={loading} search={search} />
					) : null}
				</div>
			</div>
		</section>
	)
}

// ── Filters ─────────────────────────────────────────────────────────────────────────────────

function Filters({
	search,
	searchKey,
	today,
	loading,
}: {
	search: string
	searchKey: string
	today: string
	loading: boolean
}) {
	const { pathname } = useLocation()
	const hydrated = useHydrated()
	const id = useId()
	// Clear Filters with JavaScript: the fields reset in place (001 §4: it "does not search").
	const [cleared, setCleared] = useState<{ key: string; times: number } | null>(null)
	const q = new URLSearchParams(search)
	const clearedHere = q.get(HIST.clear) === '1' || cleared?.key === searchKey
	const state = parseHistorical(q, today)
	const form = clearedHere ? clearedForm(today) : state.form
	const errors = clearedHere ? {} : state.errors
	return (
		<Form
			method="get"
			action={pathname}
			preventScrollReset
			className="hist-filters"
			aria-labelledby={`${id}-title`}
			key={`${searchKey}|${clearedHere ? `cleared-${cleared?.times ?? 0}` : ''}`}
		>
			<h3 id={`${id}-title`} className="hist-filters__title">
				{TEXTS.filters}
			</h3>
			{otherParams(search).map(([name, value], i) => (
				<input key={`${name}-${i}`} type="hidden" name={name} value={value} />
			))}
			<Field
				id={`${id}-order`}
				label={TEXTS.orderNumber}
				errors={errors.order ? [errors.order] : null}
			>
				{(control) => (
					<input
						{...control}
						className="ui-input"
						type="search"
						name={HIST.order}
						defaultValue={form.order}
						placeholder={TEXTS.orderPlaceholder}
						maxLength={200}
						autoComplete="off"
					/>
				)}
			</Field>
			<fieldset className="hist-filters__group">
				<legend>{TEXTS.dateRange}</legend>
				<DateField
					id={`${id}-from`}
					name={HIST.from}
					label={TEXTS.start}
					value={form.from}
					error={errors.from}
					today={today}
				/>
				<DateField
					id={`${id}-to`}
					name={HIST.to}
					label={TEXTS.end}
					value={form.to}
					error={errors.to}
					today={today}
				/>
			</fieldset>
			<fieldset className="hist-filters__group hist-switches">
				<legend>{TEXTS.sensors}</legend>
				{SENSOR_CODES.map((code) => (
					<label key={code} className="hist-switch">
						<input
							type="checkbox"
							role="switch"
							name={HIST.sensor}
							value={code}
							defaultChecked={form.sensors.includes(code)}
						/>
						<span className="hist-switch__track" aria-hidden="true" />
						<span>{sensorLabel(code)}</span>
					</label>
				))}
			</fieldset>
			<div className="hist-filters__buttons">
				<a
					href={clearHref(search)}
					className={buttonClass('secondary')}
					// Without JavaScript a link (the same search, the form shown cleared); with it a button that clears in place.
					role={hydrated ? 'button' : undefined}
					onClick={(event) => {
						event.preventDefault()
						setCleared((c) => ({ key: searchKey, times: (c?.times ?? 0) + 1 }))
					}}
				>
					{TEXTS.clear}
				</a>
				<Button type="submit" variant="primary" disabled={loading}>
					{TEXTS.search}
				</Button>
			</div>
		</Form>
	)
}

/**
 * A date of the range: a text field in MM/DD/YY (001 §2, with its placeholder) that works as it is
 * without JavaScript; once hydrated the kit's calendar beside it, weeks from Monday, no day after today.
 */
function DateField({
	id,
	name,
	label,
	value,
	error,
	today,
}: {
	id: string
	name: string
	label: string
	value: string
	error?: string
	today: string
}) {
	const hydrated = useHydrated()
	return (
		<Field id={id} label={label} hint="MM/DD/YY" errors={error ? [error] : null}>
			{(control) => (
				<div className={hydrated ? 'ui-date ui-date--calendar' : 'ui-date'}>
					<input
						{...control}
						className="ui-input"
						name={name}
						defaultValue={value}
						placeholder={label}
						inputMode="numeric"
						autoComplete="off"
						maxLength={10}
					/>
					{hydrated ? (
						<CalendarButton
							inputId={id}
							label={label}
							weekStartsOn={1}
							max={today}
							parseValue={parseShortDate}
							formatValue={formatShortDate}
						/>
					) : null}
				</div>
			)}
		</Field>
	)
}

// ── The table ───────────────────────────────────────────────────────────────────────────────

function ResultsTable({ answer }: { answer: HistoricalAnswer }) {
	const { result, trackerUrl } = answer
	const message =
		result.status === 'error'
			? TEXTS.error
			: result.status === 'invalid'
				? TEXTS.invalid
				: result.orders.length === 0
					? TEXTS.empty
					: null
	const rows: (ReactNode | null)[] =
		result.status === 'ok' && result.orders.length
			? result.orders.map((o) => (
					<BreachRow key={o.breachedOrderId} order={o} trackerUrl={trackerUrl} />
				))
			: [
					<tr key="message" className="hist-table__message">
						<td colSpan={TEXTS.columns.length}>
							<EmptyState>{message}</EmptyState>
						</td>
					</tr>,
				]
	return (
		<Table label="Breaches found" className="hist-table" aria-label={TEXTS.title}>
			<thead>
				<tr>
					{TEXTS.columns.map((c) => (
						<th key={c} scope="col">
							{c}
						</th>
					))}
				</tr>
			</thead>
			<tbody>
				{padRows(rows).map(
					(row, i) =>
						row ?? (
							<tr key={`pad-${i}`} className="hist-table__pad" aria-hidden="true">
								<td colSpan={TEXTS.columns.length} />
							</tr>
						),
				)}
			</tbody>
		</Table>
	)
}

function BreachRow({ order, trackerUrl }: { order: HistoricalOrder; trackerUrl: string | null }) {
	const sensors = Object.entries(order.sensors).sort(([a], [b]) => a.localeCompare(b))
	const { shown, rest, more } = ordersShown(order.shipSets)
	const node = order.attribution.node
	const group = trackerHref(trackerUrl, order.trackingGroupUrl)
	return (
		<tr data-breach={order.breachedOrderId}>
			<th scope="row" data-label={TEXTS.columns[0]} className="hist-shipment">
				<span className="hist-shipment__name">
					{group ? (
						<a href={group} target="_blank" rel="noopener">
							{order.shipmentName}
						</a>
					) : (
						order.shipmentName
					)}
				</span>
				{order.deviceTypeName ? <span className="hist-muted">{order.deviceTypeName}</span> : null}
				<span className="hist-muted">
					Reported for {itemTypeLabel(order.item.itemType)} {order.item.name}
				</span>
				<ClaimPackLink
					breachedOrderId={order.breachedOrderId}
					context={`${order.shipmentName}, ${order.item.name}`}
				/>
			</th>
			<td data-label={TEXTS.columns[1]} className="hist-summary">
				<strong>{breachCountText(order.breachCount, order.totalDuration)}</strong>
				<span>
					Last breach:{' '}
					<time dateTime={order.lastEvent.eventAt}>
						{formatEventTime(order.lastEvent.eventAt, order.lastEvent.timezone)}
					</time>
				</span>
				<span>Sensors: {sensors.map(([code]) => sensorLabel(code)).join(', ')}</span>
				<span className="hist-muted">
					Started at:{' '}
					{node ? (
						<a href={node.timelineUrl} target="_blank" rel="noopener">
							{node.buildingType} of {node.shipSetName}
						</a>
					) : (
						'not recorded'
					)}
					{order.attribution.custodian ? ` · ${order.attribution.custodian}` : null}
				</span>
			</td>
			<td data-label={TEXTS.columns[2]}>
				{sensorRows(sensors).map((row, i) => (
					<ul key={i} className="hist-sensors">
						{row.map(([code, sensor]) => (
							<SensorChip key={code} code={code} sensor={sensor} />
						))}
					</ul>
				))}
			</td>
			<td data-label={TEXTS.columns[3]}>
				<OrderLinks orders={shown} />
				{more ? (
					<details className="hist-more">
						<summary>{more}</summary>
						<OrderLinks orders={rest} />
					</details>
				) : null}
			</td>
		</tr>
	)
}

/**
 * A breached sensor with its tooltip: "a hover tooltip listing min and max thresholds and
 * durations by type" (001 §2), shown on hover and on keyboard focus by CSS alone.
 */
function SensorChip({
	code,
	sensor,
}: {
	code: string
	sensor: HistoricalOrder['sensors'][string]
}) {
	const id = useId()
	const unit = unitLabel(sensor.sensorUomCode)
	const { min, max } = thresholdText(sensor.thresholds, unit)
	return (
		<li className="hist-sensor">
			<button type="button" className="hist-sensor__chip" aria-describedby={id}>
				{sensorLabel(code)} <span className="hist-sensor__count">{sensor.count}</span>
			</button>
			<span role="tooltip" id={id} className="hist-sensor__tip">
				<span>Min: {min}</span>
				<span>Max: {max}</span>
				<span>Durations: {durationsByType(sensor.durations).join(', ') || 'none'}</span>
			</span>
		</li>
	)
}

// ── The pager ───────────────────────────────────────────────────────────────────────────────

/**
 * 001 §2: "previous and next arrows, a range of 4 pages and 1 margin page; first and previous
 * disabled on the first page, last and next disabled on the last page; pages are 0-based", and
 * "disabled while loading". Page numbers read from 1; the URL holds the 0-based page.
 */
function Pager({
	page,
	pages,
	loading,
	search,
}: {
	page: number
	pages: number
	loading: boolean
	search: string
}) {
	if (pages <= 1) return null
	const step = (
		key: string,
		to: number,
		allowed: boolean,
		label: ReactNode,
		ariaLabel: string,
	): PaginationItem => ({
		kind: 'step',
		key,
		page: allowed && !loading ? to + 1 : null,
		label,
		ariaLabel,
	})
	const items: PaginationItem[] = [
		step('first', 0, page > 0, <Icon name="first" />, 'First page'),
		step('previous', page - 1, page > 0, <Icon name="chevron-left" />, 'Previous page'),
		...pagerEntries(page, pages).map((e): PaginationItem =>
			e.kind === 'break'
				? { kind: 'break', key: `break-${e.before}` }
				: loading && e.page !== page
					? {
							// The key of that page's link (Pagination keys a page by its number, from 1), so
							// React swaps the one for the other instead of keeping both.
							kind: 'step',
							key: `p${e.page + 1}`,
							page: null,
							label: e.page + 1,
							ariaLabel: `Page ${e.page + 1}`,
						}
					: { kind: 'page', page: e.page + 1 },
		),
		step('next', page + 1, page < pages - 1, <Icon name="chevron-right" />, 'Next page'),
		step('last', pages - 1, page < pages - 1, <Icon name="last" />, 'Last page'),
	]
	return (
		<Pagination
			label="Historical Breaches pages"
			current={page + 1}
			items={items}
			hrefFor={(p) => pageHref(search, p - 1)}
			pageLabel={(p) => `Page ${p}`}
			className="hist-pager"
		/>
	)
}

/** Affected orders, each a link to its timeline in a new tab (001 §2). */
function OrderLinks({
	orders,
}: {
	orders: readonly { id: string; name: string; timelineUrl: string }[]
}) {
	return (
		<ul className="hist-orders">
			{orders.map((s) => (
				<li key={s.id}>
					<a href={s.timelineUrl} target="_blank" rel="noopener">
						{s.name}
					</a>
				</li>
			))}
		</ul>
	)
}
