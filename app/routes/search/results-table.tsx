import { buttonClass } from '~/components/ui/button'
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { Camelize } from '~/lib/camelize'
import {
	PAGE_SIZES,
	RESULT_COLUMNS,
	EXPORT_ALERT_DELAY_MS,
	TEXTS,
	exportMessage,
	finalMileText,
	pageCount,
	shownShipmentDate,
	shipmentStatusText,
	showingText,
	sortLink,
	statusDate,
	withParams,
	type Paging,
	type SortKey,
} from './results'
import type { SearchRow } from '#contracts/search/search'
import { Pagination } from '~/components/ui/pagination'
import { Table } from '~/components/ui/table'
import { Icon } from '~/components/ui/icon'

type Row = Camelize<SearchRow>

/**
 * Export CSV (see exportMessage): a link to the same search with download=1, which works
 * without JavaScript; with it, the click downloads the file in place and shows the message
 * in an alert 2 s later (000 §4).
 */
function ExportLink({
	href,
	downloadHref,
	count,
}: {
	href: string
	downloadHref: string
	count: number
}) {
	const [notice, setNotice] = useState<string | null>(null)
	const [started, setStarted] = useState(0)
	useEffect(() => {
		if (!started) return
		const timer = setTimeout(() => setNotice(exportMessage(count)), EXPORT_ALERT_DELAY_MS)
		return () => clearTimeout(timer)
	}, [started, count])
	const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
		if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
		e.preventDefault()
		setNotice(null)
		// An attachment: the browser downloads it and stays on this page.
		window.location.assign(href)
		setStarted((n) => n + 1)
	}
	return (
		<>
			<a href={downloadHref} className={buttonClass()} onClick={onClick}>
				Export CSV
			</a>
			{notice ? (
				<p className="search-export-notice" role="alert">
					{notice}
				</p>
			) : null}
		</>
	)
}

/**
 * The paged results (000 §2 "Results table"): sort links on every heading, page sizes,
 * First/Back/Next/Last, 'Showing X to Y of Z entries', the CSV export of every match.
 * Links only: the same page works with JavaScript off.
 */
export function ResultsTable({
	rows,
	count,
	paging,
	search,
	exportHref,
	downloadHref,
	localShipmentDate,
}: {
	rows: Row[]
	count: number
	paging: Paging
	search: string
	exportHref: string
	downloadHref: string
	/** The shipment-date local-timezone fix (000 §6; see shownShipmentDate). */
	localShipmentDate: boolean
}) {
	if (count === 0) {
		return (
			<p className="search-empty" role="status">
				{TEXTS.empty}
			</p>
		)
	}
	const last = pageCount(count, paging.perPage)
	const page = Math.min(paging.page, last)
	const go = (n: number) => withParams(search, { page_no: n })
	return (
		<section aria-labelledby="results-heading" className="search-results">
			<h2 id="results-heading" className="visually-hidden">
				Results
			</h2>
			<div className="search-results__bar">
				<p role="status">{showingText(page, paging.perPage, count)}</p>
				<nav aria-label="Page size" className="search-sizes">
					Show{' '}
					{PAGE_SIZES.map((size) =>
						size === paging.perPage ? (
							<strong key={size} aria-current="true">
								{size}
							</strong>
						) : (
							<Link
								key={size}
								to={withParams(search, { per_page: size, page_no: null })}
								aria-label={`Show ${size} entries`}
							>
								{size}
							</Link>
						),
					)}{' '}
					entries
				</nav>
				<ExportLink href={exportHref} downloadHref={downloadHref} count={count} />
			</div>
			<Table label="Search results" className="search-table">
				<thead>
					<tr>
						{RESULT_COLUMNS.map((c) => {
							const active = paging.order === c.key
							return (
								<th
									key={c.key}
									scope="col"
									aria-sort={
										active ? (paging.orderBy === 'asc' ? 'ascending' : 'descending') : undefined
									}
								>
									<Link to={sortLink(search, paging, c.key)}>
										{c.label}{' '}
										<Icon
											name={active ? (paging.orderBy === 'asc' ? 'sort-asc' : 'sort-desc') : 'sort'}
										/>
									</Link>
								</th>
							)
						})}
					</tr>
				</thead>
				<tbody>
					{rows.map((r) => {
						const cells: Record<SortKey, ReactNode> = {
							// Order links open in a new tab, as on the dashboard (001 §2): the results stay.
							order_number: (
								<Link to={`/timeline/${r.shipSetId}`} target="_blank" rel="noopener">
									{r.shipSetName}
								</Link>
							),
							reference_number: r.referenceNumber,
							carrier_name: r.carrierName,
							tracking_number: r.trackingNumber,
							shipped_at: r.shipmentId
								? shownShipmentDate(r.shippedAt, r.shippedAtTz, localShipmentDate)
								: '',
							shipment_status: shipmentStatusText(r.shipmentStatus),
							status_name: r.statusName,
							status_at: r.statusName ? statusDate(r.statusAt, r.timezone) : '',
							location: r.location,
							final_mile: finalMileText(r.finalMile),
							conveyance_type: r.conveyanceType,
						}
						return (
							<tr key={r.id}>
								{RESULT_COLUMNS.map((c) => (
									<td key={c.key} data-label={c.label}>
										{cells[c.key]}
									</td>
								))}
							</tr>
						)
					})}
				</tbody>
			</Table>
			<Pagination
				label="Pagination"
				current={page}
				hrefFor={go}
				items={[
					{ kind: 'step', key: 'first', page: page > 1 ? 1 : null, label: TEXTS.first },
					{ kind: 'step', key: 'back', page: page > 1 ? page - 1 : null, label: TEXTS.back },
					{ kind: 'text', key: 'at', text: `Page ${page} of ${last}` },
					{ kind: 'step', key: 'next', page: page < last ? page + 1 : null, label: TEXTS.next },
					{ kind: 'step', key: 'last', page: page < last ? last : null, label: TEXTS.last },
				]}
			/>
		</section>
	)
}
