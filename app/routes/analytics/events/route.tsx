import { data, Form } from 'react-router'
import type { Route } from './+types/route'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { Table } from '~/components/ui/table'
import { ANALYTICS_EVENT_NAMES, REPORT_DAYS_MAX } from '#contracts/analytics/events'
import { totalsPerEvent } from '~/lib/analytics-events'
import { pageTitle } from '~/lib/shell-texts'
import { requireScm } from '~/services/auth/session.server'
import { ScmError } from '~/services/scm.server'

/**
 * /analytics_events: the supply chain's first-party analytics events (000 §6), counted per day,
 * surface and event, for its administrators (CORE.UPDATE_SUPPLY_CHAIN_SETTINGS, as for /outbox;
 * docs/decisions/0022). Others get 404, like any unknown page. `days`: 7, 30 (default) or 90.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Analytics events') }]

const PERIODS = [7, 30, REPORT_DAYS_MAX] as const
const SURFACE_LABELS: Record<string, string> = {
	timeline: 'Timeline',
	dashboard: 'Dashboard',
	public_tracker: 'Public tracker',
	guest_timeline: 'Guest timeline',
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const { scm } = await requireScm(request, context)
	const asked = Number(new URL(request.url).searchParams.get('days'))
	const days = (PERIODS as readonly number[]).includes(asked) ? asked : 30
	try {
		return await scm.analyticsEvents.report(days)
	} catch (error) {
		if (error instanceof ScmError && error.status === 403) throw data(null, { status: 404 })
		throw error
	}
}

export default function AnalyticsEventsReport({ loaderData }: Route.ComponentProps) {
	const { days, rows } = loaderData
	const totals = totalsPerEvent(rows)
	return (
		<div className="analytics-events-page">
			<h1>Analytics events</h1>
			<p>
				What people did on the timeline, the dashboard, the public tracker and guest links, counted
				per day (UTC). Recorded by this installation only.
			</p>
			<Form method="get" className="analytics-events-period">
				<label htmlFor="analytics-events-days">Period</label>{' '}
				<select id="analytics-events-days" name="days" defaultValue={String(days)}>
					{PERIODS.map((p) => (
						<option key={p} value={p}>
							Last {p} days
						</option>
					))}
				</select>{' '}
				<Button type="submit">Show</Button>
			</Form>
			{rows.length === 0 ? (
				<EmptyState>No events in the last {days} days.</EmptyState>
			) : (
				<Table label="Analytics events per day">
					<caption>Events per day, last {days} days</caption>
					<thead>
						<tr>
							<th scope="col">Day</th>
							<th scope="col">Surface</th>
							<th scope="col">Event</th>
							<th scope="col">Count</th>
						</tr>
					</thead>
					<tbody>
						{rows.map((r) => (
							<tr key={`${r.day}-${r.surface}-${r.name}`} data-event={r.name}>
								<td data-label="Day">{r.day}</td>
								<td data-label="Surface">{SURFACE_LABELS[r.surface] ?? r.surface}</td>
								<td data-label="Event">{r.name}</td>
								<td data-label="Count">{r.count}</td>
							</tr>
						))}
					</tbody>
					<tfoot>
						{ANALYTICS_EVENT_NAMES.map((n) => (
							<tr key={n}>
								<th scope="row" colSpan={3}>
									Total {n}
								</th>
								<td data-total={n}>{totals[n]}</td>
							</tr>
						))}
					</tfoot>
				</Table>
			)}
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
