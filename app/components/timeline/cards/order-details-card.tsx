import { Link } from 'react-router'
import { formatAttribute } from '~/lib/timeline/attributes'
import { withParams } from '~/lib/timeline/url'
import type { ShipSet } from '../types'

const DETAILS_PAGE = 5

/** 002 §2 side widget "Order Details": custom attributes, 5 a page (`details` in the URL). */
export function OrderDetailsCard({ shipSet, detailsPage, search }: { shipSet: ShipSet; detailsPage: number; search: string }) {
	const attrs = shipSet.customAttributes
	const pages = Math.max(1, Math.ceil(attrs.length / DETAILS_PAGE))
	const page = Math.min(Math.max(1, detailsPage), pages)
	return (
		<details open>
			<summary>Order Details</summary>
			{attrs.length === 0 ? (
				<p>No details available.</p>
			) : (
				<dl>
					{attrs.slice((page - 1) * DETAILS_PAGE, page * DETAILS_PAGE).map((a) => (
						<div key={a.id}>
							<dt>{a.name}</dt>
							<dd>{formatAttribute(a.value, a.dataType)}</dd>
						</div>
					))}
				</dl>
			)}
			{pages > 1 ? (
				<nav aria-label="Order details pages">
					{Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
						<Link key={p} to={withParams(search, { details: p === 1 ? null : String(p) })} aria-current={p === page ? 'page' : undefined}>
							{p}
						</Link>
					))}
				</nav>
			) : null}
		</details>
	)
}
