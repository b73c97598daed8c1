import { data } from 'react-router'
import type { Route } from './+types/card-route'
import { enabledCards, loadCard } from './cards.server'
import { isCardName } from './cards'
import { requireScm } from '~/services/auth/session.server'
import { loadToggles } from '~/services/toggles.server'

/**
 * /dashboard/cards/{card}?…: one card of the card dashboard read alone (`{ key, data }`), for the
 * card's fetcher when its filters or page change with JavaScript (001 §4 "each widget refetches
 * when its filters change; Tagged Comments refetches per page"). Guarded like the page: a card
 * the toggles hide, an unknown card, or the whole dashboard switched away answer 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	const toggles = await loadToggles(context, user.profile.account)
	const card = params.card
	if (
		!isCardName(card) ||
		!toggles.dashboardV3 ||
		toggles.dashboardV3Redirect ||
		!enabledCards(toggles)[card]
	) {
		throw data('Not found', { status: 404 })
	}
	return loadCard({ scm, user, toggles, context }, card, new URL(request.url).searchParams)
}
