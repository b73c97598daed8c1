import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * One item of a pager. Which pages a screen shows (neighbours, margins, gaps) is the spec's rule
 * for that screen, computed by its own pure function; the pager only renders the items.
 */
export type PaginationItem =
	| { kind: 'page'; page: number }
	| { kind: 'break'; key: string }
	/** First, Previous, Next, Last, Newer, Older: `page` null when there is nowhere to go. */
	| { kind: 'step'; key: string; page: number | null; label: ReactNode; ariaLabel?: string }
	| { kind: 'text'; key: string; text: ReactNode }

/**
 * Pages as links (URL state, so they work without JavaScript and can be bookmarked) in a labelled
 * `nav`; the current page has `aria-current="page"`, an unavailable step is shown disabled.
 */
export function Pagination(props: {
	label: string
	current: number
	items: PaginationItem[]
	hrefFor: (page: number) => string
	/** The accessible name of a page number's link (default: the number itself). */
	pageLabel?: (page: number) => string
	summary?: ReactNode
	className?: string
}) {
	const { label, current, items, hrefFor, pageLabel, summary, className } = props
	return (
		<nav aria-label={label} className={['ui-pagination', className].filter(Boolean).join(' ')}>
			{summary ? <p className="ui-pagination__summary">{summary}</p> : null}
			{items.length ? (
				<ul>
					{items.map((item) => (
						<li key={item.kind === 'page' ? `p${item.page}` : item.key}>
							{item.kind === 'page' ? (
								<Link
									to={hrefFor(item.page)}
									aria-current={item.page === current ? 'page' : undefined}
									aria-label={pageLabel?.(item.page)}
									preventScrollReset
								>
									{item.page}
								</Link>
							) : item.kind === 'break' ? (
								<span aria-hidden="true">…</span>
							) : item.kind === 'text' ? (
								<span>{item.text}</span>
							) : item.page === null ? (
								<span className="ui-pagination__off" aria-disabled="true">
									{/* A plain span may not carry aria-label: the name is its hidden text. */}
									{item.ariaLabel ? (
										<>
											<span aria-hidden="true">{item.label}</span>
											<span className="visually-hidden">{item.ariaLabel}</span>
										</>
									) : (
										item.label
									)}
								</span>
							) : (
								<Link to={hrefFor(item.page)} aria-label={item.ariaLabel} preventScrollReset>
									{item.label}
								</Link>
							)}
						</li>
					))}
				</ul>
			) : null}
		</nav>
	)
}

/**
 * The short pager of the settings lists (the outbox, a webhook's delivery log) and the guest
 * page's photos: 'Previous', 'Page n of m', 'Next' as links (to `?page=…` unless `href` says
 * otherwise); nothing when everything fits on one page.
 */
export function PreviousNextPages({
	label,
	page,
	pages,
	href = (n) => `?page=${n}`,
}: {
	label: string
	page: number
	pages: number
	href?: (page: number) => string
}) {
	if (pages <= 1) return null
	return (
		<nav aria-label={label} className="outbox-pages">
			{page > 1 ? <Link to={href(page - 1)}>Previous</Link> : null}
			<span>
				Page {page} of {pages}
			</span>
			{page < pages ? <Link to={href(page + 1)}>Next</Link> : null}
		</nav>
	)
}
