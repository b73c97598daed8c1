import { EmptyState } from '~/components/ui/empty-state'
import { Link } from 'react-router'
import { useEffect, useState } from 'react'
import { Dialog } from '~/components/ui/dialog'
import { Skeleton } from '~/components/ui/skeleton'
import { useTimelinePart, type PartRead } from '~/lib/timeline/parts'
import { Pagination } from '~/components/ui/pagination'
import { Table } from '~/components/ui/table'
import type { Camelize } from '~/lib/camelize'
import { formatLogTime } from '~/lib/timeline/comments'
import { withParams } from '~/lib/timeline/url'
import type { HistoricalLogsResponse } from '#contracts/orders/logs'
import { HISTORICAL_LOGS_PAGE } from '#shared/timeline-limits'

type HistoricalLogs = Camelize<HistoricalLogsResponse>

/**
 * The 'Historical Logs' modal (002 §2 "Side widgets", §4 "Historical logs": "a timezone
 * choice of UTC or Local. 'No Logs available.' when empty"). URL state: `logs=1`,
 * `tz=utc|local`, `logs_page`. Local is the browser's zone once JavaScript runs; the
 * server, which cannot know it, renders the zone of the order's final shipping location
 * (UTC when it has none) until then. A line about a document links to its download route.
 */
export function HistoricalLogsModal(props: {
	/** The page's read of the modal; another page of it (with JavaScript) is read from its route alone. */
	fromPage: PartRead<HistoricalLogs | null> | undefined
	search: string
	orderZone: string | null
	shipSetId: string
}) {
	const { fromPage, search, orderZone, shipSetId } = props
	const read = useTimelinePart('logs', fromPage, search)
	const loading = read === undefined
	const logs = read ?? null
	const q = new URLSearchParams(search)
	const tz = q.get('tz') === 'local' ? 'local' : 'utc'
	const [browserZone, setBrowserZone] = useState<string | null>(null)
	const close = withParams(search, { logs: null, tz: null, logs_page: null })
	useEffect(() => setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone), [])
	const zone = tz === 'utc' ? 'UTC' : (browserZone ?? orderZone ?? 'UTC')
	const page = Math.floor((logs?.offset ?? 0) / HISTORICAL_LOGS_PAGE) + 1
	return (
		<Dialog title="Historical Logs" closeTo={close} size="large" className="historical-logs">
			<nav className="tz-choice" aria-label="Time zone">
				{(['utc', 'local'] as const).map((t) => (
					<Link
						key={t}
						to={withParams(search, { tz: t === 'utc' ? null : t })}
						replace
						preventScrollReset
						aria-current={t === tz ? 'true' : undefined}
					>
						{t === 'utc' ? 'UTC' : 'Local'}
					</Link>
				))}
			</nav>
			{tz === 'local' && browserZone === null ? (
				<p className="field-hint tz-note">
					Local is the time zone of the order’s final shipping location ({zone}) until JavaScript
					gives your own.
				</p>
			) : null}
			{loading ? (
				<Skeleton label="Loading logs…" />
			) : !logs ? (
				<p role="alert">Historical logs could not be loaded.</p>
			) : logs.logs.length === 0 ? (
				<EmptyState>No Logs available.</EmptyState>
			) : (
				<Table label="Historical logs" className="logs-table">
					<thead>
						<tr>
							<th scope="col">Date</th>
							<th scope="col">Updated By</th>
							<th scope="col">Message</th>
						</tr>
					</thead>
					<tbody>
						{logs.logs.map((l) => (
							<tr key={l.id}>
								<td data-label="Date">
									<time dateTime={l.createdAt}>{formatLogTime(l.createdAt, zone)}</time>
								</td>
								<td data-label="Updated By">{l.updatedBy ?? 'System'}</td>
								<td data-label="Message">
									{l.message}
									{l.document ? (
										<>
											{' '}
											(
											<a
												href={`/timeline/${shipSetId}/documents/${l.document.id}/download`}
												className="log-document"
											>
												{l.document.fileFileName}
											</a>
											)
										</>
									) : null}
								</td>
							</tr>
						))}
					</tbody>
				</Table>
			)}
			{logs && logs.totalCount > HISTORICAL_LOGS_PAGE ? (
				<Pagination
					label="Log pages"
					current={page}
					hrefFor={(p) => withParams(search, { logs_page: p === 1 ? null : String(p) })}
					items={[
						{ kind: 'step', key: 'newer', page: page > 1 ? page - 1 : null, label: 'Newer logs' },
						{
							kind: 'step',
							key: 'older',
							page: page * HISTORICAL_LOGS_PAGE < logs.totalCount ? page + 1 : null,
							label: 'Older logs',
						},
					]}
				/>
			) : null}
		</Dialog>
	)
}
