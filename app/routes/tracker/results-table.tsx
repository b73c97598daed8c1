import { Link } from 'react-router'
import type { ResultRow } from './results'
import { Badge } from '~/components/ui/badge'
import { Table } from '~/components/ui/table'
import { Icon } from '~/components/ui/icon'

/**
 * The public results table (000 §2 "Public results": columns Order Number, Reference
 * Number, Tracking Number, Customer, Order Status, Last Status; "Ten skeleton rows while
 * loading"). Plain server-rendered HTML: each row's order number is a link.
 */

const COLUMNS = [
	'Order Number',
	'Reference Number',
	'Tracking Number',
	'Customer',
	'Order Status',
	'Last Status',
]

function LastStatus({ value }: { value: ResultRow['lastStatus'] }) {
	if (!value) return null
	return (
		<div className={value.exception ? 'last-status last-status--exception' : 'last-status'}>
			<span className="last-status__text">
				{value.exception ? <Icon name="warning" /> : null}
				{value.text}
			</span>
			{value.when ? <span className="last-status__when">{value.when}</span> : null}
			{value.carrier ? <span className="last-status__carrier">{value.carrier}</span> : null}
		</div>
	)
}

/** The column headings, shared by the table and its loading skeleton. */
function ResultsHead() {
	return (
		<thead>
			<tr>
				{COLUMNS.map((c) => (
					<th key={c} scope="col">
						{c}
					</th>
				))}
			</tr>
		</thead>
	)
}

export function ResultsTable({
	rows,
	hrefFor,
}: {
	rows: ResultRow[]
	hrefFor: (row: ResultRow) => string
}) {
	return (
		<Table label="Orders found" className="results-table">
			<ResultsHead />
			<tbody>
				{rows.map((row) => (
					<tr key={row.shipSetId}>
						<th scope="row">
							<Link to={hrefFor(row)} prefetch="none">
								{row.orderNumber}
							</Link>
						</th>
						<td data-label="Reference Number">{row.referenceNumber}</td>
						<td data-label="Tracking Number">{row.trackingNumber ?? ''}</td>
						<td data-label="Customer">{row.customer}</td>
						<td data-label="Order Status">
							<Badge tone={row.statusTone} className="status-badge">
								{row.statusLabel}
							</Badge>
						</td>
						<td data-label="Last Status">
							<LastStatus value={row.lastStatus} />
						</td>
					</tr>
				))}
			</tbody>
		</Table>
	)
}

/** 000 §2 "Ten skeleton rows while loading". */
export function ResultsSkeleton() {
	return (
		<div className="table-scroll" aria-busy="true" aria-label="Loading results">
			<table className="ui-table results-table results-table--skeleton">
				<ResultsHead />
				<tbody>
					{Array.from({ length: 10 }, (_, i) => (
						<tr key={i} className="skeleton-row" data-testid="skeleton-row">
							{COLUMNS.map((c) => (
								<td key={c} data-label={c}>
									<span className="skeleton" />
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
