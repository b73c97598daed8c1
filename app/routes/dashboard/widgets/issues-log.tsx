import { useEffect, useState } from 'react'
import { Link, useActionData, useFetcher, useLocation } from 'react-router'
import { Chart, hasChartData } from '~/components/chart/chart'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose } from '~/components/ui/dialog'
import { dollars, shortDollars } from '~/lib/intl-formats'
import { ISSUES_VIEWS, timeframeLabel } from '../format'
import { issuesChart } from './issues-chart'
import { parseIssues, REPORT_INTENT, reportDownloadUrl } from './widget-page'
import { withParams } from '~/lib/search-params'
import { TIMEFRAME_DAYS } from '#contracts/dashboard/widgets'
import { FilterForm, FilterSelect, useWidget, WidgetCard, WidgetFailed } from './widget-kit'
import type { FilterLists, WidgetAnswer } from './widgets.server'

/** The report the action answered (without JavaScript) or the fetcher did (with it). */
export interface ReportAnswer {
	intent: typeof REPORT_INTENT
	report: { id: string; fileName: string; rows: number; emailedTo: string }
	message: string
}
const isReport = (value: unknown): value is ReportAnswer =>
	typeof value === 'object' &&
	value !== null &&
	(value as { intent?: unknown }).intent === REPORT_INTENT

/**
 * Issues Log (001 §2): issues by issue type stacked by age; filters carrier description, order
 * type and before; 'View By Count' / 'View By Delivery Value' ('$' on values, 001 §9); 'Download
 * Report' makes the report (a spinner on the button), then the 'Download Report' modal offers the
 * file, and its 'Ok' resets it (001 §4). The view and the button are disabled while the widget
 * loads or has no data.
 */
export function IssuesLogWidget({
	initial,
	lists,
}: {
	initial: WidgetAnswer<'issues-log'>
	lists: FilterLists
}) {
	const { answer, loading, search } = useWidget('issues-log', initial)
	const { view } = parseIssues(new URLSearchParams(search))
	const state = answer.result.data?.state ?? parseIssues(new URLSearchParams(search))
	const entries = answer.result.data?.entries ?? []
	const { categories, series } = issuesChart(entries, view)
	const empty = !hasChartData(series, categories)
	const off = loading || empty
	const format = view === 'value' ? dollars : String
	return (
		<WidgetCard widget="issues-log" loading={loading}>
			<FilterForm widget="issues-log" label="Issues Log filters">
				<FilterSelect
					name="issues_carrier"
					label="Carrier description"
					value={state.carrier}
					any
					options={lists.carriers}
				/>
				<FilterSelect
					name="issues_type"
					label="Order type"
					value={state.orderType}
					any
					options={lists.orderTypes}
				/>
				<FilterSelect
					name="issues_before"
					label="Before"
					value={state.before}
					any
					options={TIMEFRAME_DAYS.map((d) => ({
						value: String(d),
						label: `Last ${timeframeLabel(d)}`,
					}))}
				/>
				{view === 'value' ? <input type="hidden" name="issues_view" value="value" /> : null}
			</FilterForm>
			<div className="dash-issues__bar">
				<div role="group" aria-label="Issues Log view" className="dash-toggle">
					{ISSUES_VIEWS.map((v) =>
						off ? (
							<span
								key={v.id}
								className="dash-toggle__item"
								aria-disabled="true"
								aria-current={v.id === view ? 'true' : undefined}
							>
								{v.label}
							</span>
						) : (
							<Link
								key={v.id}
								className="dash-toggle__item"
								to={withParams(search, { issues_view: v.id === 'count' ? null : v.id })}
								aria-current={v.id === view ? 'true' : undefined}
								preventScrollReset
								replace
							>
								{v.label}
							</Link>
						),
					)}
				</div>
				<ReportButton
					carrier={state.carrier}
					orderType={state.orderType}
					before={state.before === '' ? '' : String(state.before)}
					disabled={off}
				/>
			</div>
			{answer.result.failed ? (
				<WidgetFailed widget="issues-log" />
			) : (
				<Chart
					kind="stacked"
					horizontal
					title={`Issues by type and age (${view === 'value' ? 'delivery value' : 'count'})`}
					categoryHeader="Issue type"
					categories={categories}
					series={series}
					format={format}
					axisFormat={view === 'value' ? shortDollars : undefined}
					valueLabel={view === 'value' ? 'Delivery value' : 'Issues'}
					totals
				/>
			)}
		</WidgetCard>
	)
}

/**
 * 'Download Report': a post to the page's action (with JavaScript through a fetcher, so the page
 * stays), then the modal. Without JavaScript the page that answers the post shows the modal open,
 * its 'Ok' a link back to the page.
 */
function ReportButton({
	carrier,
	orderType,
	before,
	disabled,
}: {
	carrier: string
	orderType: string
	before: string
	disabled: boolean
}) {
	const fetcher = useFetcher({ key: 'issues-log-report' })
	const actionData = useActionData()
	const { pathname, search } = useLocation()
	const busy = fetcher.state !== 'idle'
	const fromFetcher = isReport(fetcher.data) ? fetcher.data : null
	const [dismissed, setDismissed] = useState<string | null>(null)
	// A new report opens the modal again.
	useEffect(() => setDismissed(null), [fromFetcher?.report.id])
	const shown = fromFetcher ?? (isReport(actionData) ? actionData : null)
	const open = shown && dismissed !== shown.report.id
	return (
		<>
			<fetcher.Form method="post" preventScrollReset className="dash-report">
				<input type="hidden" name="intent" value={REPORT_INTENT} />
				<input type="hidden" name="carrierDescription" value={carrier} />
				<input type="hidden" name="orderType" value={orderType} />
				{before ? <input type="hidden" name="before" value={before} /> : null}
				<Button
					type="submit"
					variant="primary"
					size="small"
					disabled={disabled || busy}
					aria-busy={busy}
				>
					{busy ? <span className="dash-spinner" aria-hidden="true" /> : null}
					Download Report
				</Button>
				{busy ? (
					<span className="visually-hidden" role="status">
						Making the report…
					</span>
				) : null}
			</fetcher.Form>
			{open ? (
				<Dialog
					title="Download Report"
					size="small"
					closeTo={`${pathname}${search}`}
					onClose={fromFetcher ? () => setDismissed(shown.report.id) : undefined}
				>
					<p>{shown.message}</p>
					<p>
						<a
							href={reportDownloadUrl(shown.report.id)}
							download={shown.report.fileName}
							data-autofocus
						>
							Download {shown.report.fileName}
						</a>{' '}
						({shown.report.rows} {shown.report.rows === 1 ? 'issue' : 'issues'})
					</p>
					<div className="dialog-actions">
						<DialogClose className="ui-button ui-button--primary">Ok</DialogClose>
					</div>
				</Dialog>
			) : null}
		</>
	)
}
