import { Card } from '~/components/ui/card'
import { CARD_TEXTS, type CardRead } from './cards'
import type { CardData } from './cards.server'
import { CardState } from './card-filters'
import { OrderRows } from './order-rows'
import { useCard } from './use-card'

type Lists = CardData['lists']

/**
 * "It also has a Following and Recently Viewed list with status icons" (001 §1): the first 5
 * orders of each, 'No orders available.' when a list is empty (001 §2 "Other empty texts").
 */
export function OrderListsCard({
	read,
	search,
}: {
	read: CardRead<Lists> | undefined
	search: string
}) {
	const data = useCard('lists', read, search)
	return (
		<Card title="Following and Recently Viewed" className="dash-card dash-card--lists">
			<div className="dash-card__widgets">
				<section className="dash-widget" aria-labelledby="lists-following-title">
					<h3 id="lists-following-title">Following</h3>
					<CardState data={data === undefined ? undefined : data.following}>
						{(orders) => (
							<OrderRows orders={orders} empty={CARD_TEXTS.noOrders} label="Orders you follow" />
						)}
					</CardState>
				</section>
				<section className="dash-widget" aria-labelledby="lists-viewed-title">
					<h3 id="lists-viewed-title">Recently Viewed</h3>
					<CardState data={data === undefined ? undefined : data.recentlyViewed}>
						{(orders) => (
							<OrderRows
								orders={orders}
								empty={CARD_TEXTS.noOrders}
								label="Orders you viewed recently"
							/>
						)}
					</CardState>
				</section>
			</div>
		</Card>
	)
}
