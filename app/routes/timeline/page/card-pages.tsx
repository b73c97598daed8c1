import { Pagination } from '~/components/ui/pagination'
import { cardPageItems } from '~/lib/timeline/paging'
import { withParams } from '~/lib/timeline/url'

/** A side card's (or the documents tab's) pages as links (URL state `param`), 2 margin pages and a range of 6 (002 §9). */
export function CardPages(props: {
	label: string
	param: string
	page: number
	pages: number
	search: string
	className?: string
}) {
	const { label, param, page, pages, search, className } = props
	return (
		<Pagination
			label={label}
			current={page}
			items={cardPageItems(page, pages)}
			hrefFor={(p) => withParams(search, { [param]: p === 1 ? null : String(p) })}
			pageLabel={(p) => `Page ${p}`}
			className={className}
		/>
	)
}
