import { useEffect, useId, type ReactNode } from 'react'
import { Form, useFetcher, useLocation, useSubmit } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import type { Option } from '~/components/ui/options'
import { Pagination, type PaginationItem } from '~/components/ui/pagination'
import { Select } from '~/components/ui/select'
import { formatEventTime, orderStatus, pageCount, pageNumbers, showingRange } from '../format'
import { ANY, otherParams, widgetSearch, WIDGETS, type WidgetName } from './widget-page'
import { withParams } from '~/lib/search-params'
import type { OrderRow } from '#contracts/dashboard/widgets'
import type { Camelize } from '~/lib/camelize'
import type { WidgetAnswer } from './widgets.server'

export type Order = Camelize<OrderRow>

/** Where a widget refetches itself: its route, widget-route.tsx. */
const widgetUrl = (widget: WidgetName, key: string) =>
	`/dashboard/old/widgets/${widget}${key ? `?${key}` : ''}`

/**
 * A widget's data for the URL now. The page's loader answers every widget for the URL it was
 * loaded with; once a widget's own parameters change (a page link, a filter form: navigations
 * the page's loader skips, see shouldRevalidate) the widget loads itself from its resource route
 * and shows its last answer, marked busy, until the new one arrives.
 */
export function useWidget<W extends WidgetName>(widget: W, initial: WidgetAnswer<W>) {
	const { search } = useLocation()
	const key = widgetSearch(widget, search)
	const fetcher = useFetcher<WidgetAnswer<W>>({ key: `dashboard-widget-${widget}` })
	const { load } = fetcher
	useEffect(() => {
		if (key !== initial.key) void load(widgetUrl(widget, key))
	}, [key, initial.key, widget, load])
	const fetched = fetcher.data as WidgetAnswer<W> | undefined
	const answer =
		key === initial.key ? initial : fetched?.key === key ? fetched : (fetched ?? initial)
	const loading = answer.key !== key || fetcher.state !== 'idle'
	return { answer, loading, search }
}

/** One widget: a titled card, busy while it reloads. */
export function WidgetCard({
	widget,
	loading,
	actions,
	children,
	className,
}: {
	widget: WidgetName
	loading: boolean
	actions?: ReactNode
	children: ReactNode
	className?: string
}) {
	return (
		<Card
			title={WIDGETS[widget].title}
			actions={actions}
			className={['dash-widget', `dash-widget--${widget}`, className].filter(Boolean).join(' ')}
		>
			<div className="dash-widget__body" aria-busy={loading} data-widget={widget}>
				{children}
			</div>
		</Card>
	)
}

/** A failed widget: its empty text (001 §8 "most widgets show their empty message") and why. */
export function WidgetFailed({ widget }: { widget: WidgetName }) {
	return (
		<EmptyState>
			{WIDGETS[widget].empty}{' '}
			<span className="dash-widget__failed">({WIDGETS[widget].title} could not be loaded.)</span>
		</EmptyState>
	)
}

/**
 * A widget's filters: a GET form that keeps every other widget's parameters as hidden fields
 * (so without JavaScript the page reloads with only this widget's filters changed) and resets
 * this widget's page (its page parameter is not among the kept ones). With JavaScript a change submits it at once and 'Apply' is not needed.
 */
export function FilterForm({
	widget,
	label,
	children,
}: {
	widget: WidgetName
	label: string
	children: ReactNode
}) {
	const { search } = useLocation()
	const submit = useSubmit()
	const hydrated = useHydrated()
	const keep = otherParams(widget, search)
	return (
		<Form
			method="get"
			preventScrollReset
			replace
			className="dash-filters"
			aria-label={label}
			onChange={(event) => {
				const form = event.currentTarget
				void submit(form, { method: 'get', preventScrollReset: true, replace: true })
			}}
		>
			{keep.map(([name, value], i) => (
				<input key={`${name}-${i}`} type="hidden" name={name} value={value} />
			))}
			{children}
			{hydrated ? null : (
				<Button type="submit" size="small" className="dash-filters__apply">
					Apply
				</Button>
			)}
		</Form>
	)
}

/** One labelled select of a filter form (001 §5: 'Any' is sent as ''). */
export function FilterSelect({
	name,
	label,
	value,
	options,
	any,
}: {
	name: string
	label: string
	value: string | number
	options: Option[]
	any?: boolean
}) {
	const id = useId()
	return (
		<div className="dash-filter">
			<label htmlFor={id}>{label}</label>
			<Select
				id={id}
				name={name}
				defaultValue={String(value)}
				options={options}
				placeholder={any ? ANY : undefined}
				aria-describedby={undefined}
				aria-invalid={undefined}
			/>
		</div>
	)
}

/**
 * The pager of a paged widget (001 §9 "Pagination shows 2 neighbouring pages. Text 'Showing a-b of
 * n'"): previous, up to five page numbers, next, as links on this widget's own page parameter.
 * While the widget loads the links are shown disabled (001 §5).
 */
export function WidgetPager({
	label,
	param,
	page,
	total,
	size,
	loading,
	search,
}: {
	label: string
	param: string
	page: number
	total: number
	size?: number
	loading: boolean
	search: string
}) {
	const pages = pageCount(total, size)
	const items: PaginationItem[] =
		pages > 1
			? [
					{
						kind: 'step',
						key: 'previous',
						page: page > 1 && !loading ? page - 1 : null,
						label: <Icon name="chevron-left" />,
						ariaLabel: 'Previous page',
					},
					...pageNumbers(page, pages).map((p): PaginationItem =>
						loading && p !== page
							? { kind: 'step', key: `p${p}`, page: null, label: p, ariaLabel: `Page ${p}` }
							: { kind: 'page', page: p },
					),
					{
						kind: 'step',
						key: 'next',
						page: page < pages && !loading ? page + 1 : null,
						label: <Icon name="chevron-right" />,
						ariaLabel: 'Next page',
					},
				]
			: []
	return (
		<Pagination
			label={label}
			current={page}
			items={items}
			hrefFor={(p) => withParams(search, { [param]: p === 1 ? null : p })}
			pageLabel={(p) => `Page ${p}`}
			summary={<span aria-live="polite">{showingRange(page, total, size)}</span>}
			className="dash-pager"
		/>
	)
}

/** An order of a widget's list: name (new tab, 001 §2), reference, status, last event and its time. */
export function OrderLine({ order, action }: { order: Order; action?: ReactNode }) {
	const status = orderStatus(order.shipSetStatus, order.lastEventType)
	return (
		<li className="dash-order">
			<div className="dash-order__main">
				<a
					href={`/timeline/${order.shipSetId}`}
					target="_blank"
					rel="noopener"
					className="dash-order__name"
				>
					{order.shipSetName}
				</a>
				{order.shipSetReferenceNumber ? (
					<span className="dash-order__ref"> ({order.shipSetReferenceNumber})</span>
				) : null}{' '}
				<Badge tone="neutral" className="dash-order__status">
					{status.label}
				</Badge>
				{status.exception ? (
					<span className="dash-order__exception">
						<Icon name="warning" label="Exception" />
					</span>
				) : null}
				<div className="dash-order__event">
					{order.lastEvent ?? 'No events available'}
					{order.lastEventAt ? (
						<time dateTime={order.lastEventAt}>
							{' '}
							· {formatEventTime(order.lastEventAt, order.lastEventAtTimeZone)}
						</time>
					) : null}
				</div>
			</div>
			{action}
		</li>
	)
}
