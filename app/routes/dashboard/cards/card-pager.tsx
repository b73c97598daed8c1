import { Pagination, type PaginationItem } from '~/components/ui/pagination'
import { withParam } from './cards'
import { pageCount, pageNumbers, showingRange } from '../format'

/**
 * The pager of a card's table or list (Carrier Performance's Trends, Order Exceptions' Orders
 * Without Update): Previous, the page numbers with 2 neighbours, Next, and 'Showing a-b of n'
 * (001 §9), each page a link to the card's own page parameter (`param`), so that it works without
 * JavaScript and, with it, reads that card alone. Nothing when everything fits on one page.
 */
export function CardPager({
	label,
	noun,
	param,
	page,
	total,
	size,
	search,
}: {
	/** The pager's name ('Trends pages'). */
	label: string
	/** What is paged, for the links' names ('trends': 'Next trends page', 'Trends page 2'). */
	noun: string
	param: string
	page: number
	total: number
	size: number
	search: string
}) {
	const pages = pageCount(total, size)
	if (pages <= 1) return null
	const items: PaginationItem[] = [
		{
			kind: 'step',
			key: 'previous',
			page: page > 1 ? page - 1 : null,
			label: 'Previous',
			ariaLabel: `Previous ${noun} page`,
		},
		...pageNumbers(page, pages).map((p): PaginationItem => ({ kind: 'page', page: p })),
		{
			kind: 'step',
			key: 'next',
			page: page < pages ? page + 1 : null,
			label: 'Next',
			ariaLabel: `Next ${noun} page`,
		},
	]
	const named = `${noun[0]!.toUpperCase()}${noun.slice(1)}`
	return (
		<Pagination
			label={label}
			current={page}
			items={items}
			hrefFor={(p) => withParam(search, param, p === 1 ? null : String(p))}
			pageLabel={(p) => `${named} page ${p}`}
			summary={showingRange(page, total, size)}
		/>
	)
}
