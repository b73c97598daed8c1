import { Link } from 'react-router'
import { cardPageItems } from '~/lib/timeline/paging'
import { withParams } from '~/lib/timeline/url'

/** A side card's pages as links (URL state `param`), 2 margin pages and a range of 6 (002 §9). */
export function CardPages({ label, param, page, pages, search }: { label: string; param: string; page: number; pages: number; search: string }) {
	return (
		<nav className="card-pages" aria-label={label}>
			{cardPageItems(page, pages).map((item) =>
				item.kind === 'break' ? (
					<span key={item.key} aria-hidden="true">
						…
					</span>
				) : (
					<Link
						key={item.page}
						to={withParams(search, { [param]: item.page === 1 ? null : String(item.page) })}
						aria-current={item.page === page ? 'page' : undefined}
						aria-label={`Page ${item.page}`}
					>
						{item.page}
					</Link>
				),
			)}
		</nav>
	)
}
