import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { Camelize } from '~/lib/camelize'
import { formatLogTime } from '~/lib/timeline/comments'
import { withParams } from '~/lib/timeline/url'
import { useReturnFocus } from './overlay'
import type { HistoricalLogsResponse } from '#contracts/logs'
import { HISTORICAL_LOGS_PAGE } from '#contracts/timeline-limits'

export type HistoricalLogs = Camelize<HistoricalLogsResponse>

/**
 * The 'Historical Logs' modal (002 §2 "Side widgets", §4 "Historical logs": "a timezone
 * choice of UTC or Local. 'No Logs available.' when empty"). URL state: `logs=1`,
 * `tz=utc|local`, `logs_page`. Local is the browser's zone once JavaScript runs; the
 * server, which cannot know it, renders the zone of the order's final shipping location
 * (UTC when it has none) until then. A line about a document links to its download route.
 */
export function HistoricalLogsModal(props: { logs: HistoricalLogs | null; search: string; orderZone: string | null; shipSetId: string }) {
	const { logs, search, orderZone, shipSetId } = props
	const q = new URLSearchParams(search)
	const tz = q.get('tz') === 'local' ? 'local' : 'utc'
	const [browserZone, setBrowserZone] = useState<string | null>(null)
	const heading = useRef<HTMLHeadingElement>(null)
	const navigate = useNavigate()
	const close = withParams(search, { logs: null, tz: null, logs_page: null })
	useReturnFocus()
	useEffect(() => {
		setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone)
		heading.current?.focus()
	}, [])
	const zone = tz === 'utc' ? 'UTC' : (browserZone ?? orderZone ?? 'UTC')
	const page = Math.floor((logs?.offset ?? 0) / HISTORICAL_LOGS_PAGE) + 1
	return (
		<div className="modal-backdrop">
			<section
				className="modal historical-logs"
				role="dialog"
				aria-modal="true"
				aria-labelledby="historical-logs-title"
				onKeyDown={(e) => {
					if (e.key === 'Escape') navigate(close, { preventScrollReset: true })
				}}
			>
				<header className="modal-header">
					<h2 id="historical-logs-title" ref={heading} tabIndex={-1}>
						Historical Logs
					</h2>
					<Link to={close} preventScrollReset aria-label="Close Historical Logs">
						Close
					</Link>
				</header>
				<nav className="tz-choice" aria-label="Time zone">
					{(['utc', 'local'] as const).map((t) => (
						<Link key={t} to={withParams(search, { tz: t === 'utc' ? null : t })} replace preventScrollReset aria-current={t === tz ? 'true' : undefined}>
							{t === 'utc' ? 'UTC' : 'Local'}
						</Link>
					))}
				</nav>
				{tz === 'local' && browserZone === null ? (
					<p className="field-hint tz-note">Local is the time zone of the order’s final shipping location ({zone}) until JavaScript gives your own.</p>
				) : null}
				{!logs ? (
					<p role="alert">Historical logs could not be loaded.</p>
				) : logs.logs.length === 0 ? (
					<p className="empty">No Logs available.</p>
				) : (
					<table className="logs-table">
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
									<td>
										<time dateTime={l.createdAt}>{formatLogTime(l.createdAt, zone)}</time>
									</td>
									<td>{l.updatedBy ?? 'System'}</td>
									<td>
										{l.message}
										{l.document ? (
											<>
												{' '}
												(<a href={`/timeline/${shipSetId}/documents/${l.document.id}/download`} className="log-document">
													{l.document.fileFileName}
												</a>
												)
											</>
										) : null}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
				{logs && logs.totalCount > HISTORICAL_LOGS_PAGE ? (
					<nav aria-label="Log pages" className="log-pages">
						{page > 1 ? <Link to={withParams(search, { logs_page: page === 2 ? null : String(page - 1) })}>Newer logs</Link> : null}
						{page * HISTORICAL_LOGS_PAGE < logs.totalCount ? <Link to={withParams(search, { logs_page: String(page + 1) })}>Older logs</Link> : null}
					</nav>
				) : null}
			</section>
		</div>
	)
}
