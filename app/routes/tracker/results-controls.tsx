import { Link } from 'react-router'
import {
	pageItems,
	resultsSearch,
	showingText,
	totalPages,
	type OrderBy,
	type ResultsParams,
	type SortBy,
} from './results'
import { trackerTexts } from '~/lib/tracker/texts'
import { Icon } from '~/components/ui/icon'
import { Pagination, type PaginationItem } from '~/components/ui/pagination'

/**
 * Sort menu and pager of the public results (000 §2 "a sort menu (order_number or
 * reference_number, asc or desc)"; "Pagination: 10 per page, 2 neighbours each side, first
 * and last arrows, text 'Showing results X-Y of N'"). Both are links, so they work
 * without JavaScript; with it, React Router updates the page in place.
 */

const SORTS: { sortBy: SortBy; orderBy: OrderBy; label: string }[] = [
	{ sortBy: 'order_number', orderBy: 'asc', label: 'Order Number (ascending)' },
	{ sortBy: 'order_number', orderBy: 'desc', label: 'Order Number (descending)' },
	{ sortBy: 'reference_number', orderBy: 'asc', label: 'Reference Number (ascending)' },
	{ sortBy: 'reference_number', orderBy: 'desc', label: 'Reference Number (descending)' },
]

export function SortMenu({ params }: { params: ResultsParams }) {
	const current = SORTS.find((s) => s.sortBy === params.sortBy && s.orderBy === params.orderBy)
	return (
		<details className="tracker-menu sort-menu">
			<summary>
				{trackerTexts.sortBy}: {current?.label}
			</summary>
			<ul>
				{SORTS.map((s) => {
					const active = s === current
					return (
						<li key={s.label}>
							<Link
								to={resultsSearch({ ...params, sortBy: s.sortBy, orderBy: s.orderBy, page: 1 })}
								aria-current={active ? 'true' : undefined}
								preventScrollReset
							>
								{s.label}
							</Link>
						</li>
					)
				})}
			</ul>
		</details>
	)
}

export function ResultsPagination({
	params,
	total,
	rowsOnPage,
}: {
	params: ResultsParams
	total: number
	rowsOnPage: number
}) {
	const items = pageItems(params.page, totalPages(total)).map((item): PaginationItem => {
		if (item.kind === 'page') return item
		const first = item.kind === 'first'
		return {
			kind: 'step',
			key: item.kind,
			page: item.page,
			label: <Icon name={first ? 'chevron-left' : 'chevron-right'} />,
			ariaLabel: first ? 'First page' : 'Last page',
		}
	})
	return (
		<Pagination
			label="Pages"
			current={params.page}
			items={items}
			hrefFor={(page) => resultsSearch({ ...params, page })}
			summary={showingText(params.page, rowsOnPage, total)}
		/>
	)
}
