import { EmptyState } from '~/components/ui/empty-state'
import { Card } from '~/components/ui/card'
import { formatAttribute } from '~/lib/timeline/attributes'
import { CardPages } from './card-pages'
import type { ShipSet } from '~/lib/timeline/types'

const DETAILS_PAGE = 5

/** 002 §2 side widget "Order Details": custom attributes, 5 a page (`details` in the URL). */
export function OrderDetailsCard({
	shipSet,
	detailsPage,
	search,
}: {
	shipSet: ShipSet
	detailsPage: number
	search: string
}) {
	const attrs = shipSet.customAttributes
	const pages = Math.max(1, Math.ceil(attrs.length / DETAILS_PAGE))
	const page = Math.min(Math.max(1, detailsPage), pages)
	return (
		<Card collapsible title="Order Details">
			{attrs.length === 0 ? (
				<EmptyState>No details available.</EmptyState>
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
				<CardPages
					label="Order details pages"
					param="details"
					page={page}
					pages={pages}
					search={search}
				/>
			) : null}
		</Card>
	)
}
