import type { AppLoadContext } from 'react-router'
import type { Option } from '~/components/ui/options'
import {
	cardKey,
	carrierFilters,
	exceptionFilters,
	LIST_ROWS,
	overviewFilters,
	RECENTLY_VIEWED_FETCH,
	taggedPage,
	trendsOffset,
	TRENDS_PER_PAGE,
	WITHOUT_UPDATES_LIMIT,
	withoutUpdatesOffset,
	type CardName,
	type CardRead,
} from './cards'
import { TAGGED_PER_PAGE } from './tagged-comments'
import { showsIssuesLog } from '../widgets/widget-page'
import { pageAfterRemoval } from '../format'
import type { SessionUser } from '~/services/auth/session.server'
import { ScmError, type ScmClient } from '~/services/scm.server'
import type { Toggles } from '~/services/toggles.server'

/**
 * The card dashboard's reads (001 §2 "Newer card dashboard widgets", §7): one per card, each from
 * the URL parameters that card owns, so that the page (every card at once) and the card's own
 * route (`/dashboard/cards/{card}`, one card when its filters change with JavaScript) read alike.
 */

/** Which cards the toggles show (ADR 0013): each group its own toggle; the order lists always. */
export function enabledCards(toggles: Toggles): Record<CardName, boolean> {
	return {
		overview: toggles.dashboardOverview,
		exceptions: toggles.dashboardOrderExceptions,
		carriers: toggles.dashboardV3CarrierPerformance,
		tagged: toggles.taggedComments,
		lists: true,
	}
}

export interface CardScope {
	scm: ScmClient
	user: SessionUser
	toggles: Toggles
	context: AppLoadContext
}

/**
 * One widget's read: its answer, or null when the API refused or failed ("Failed fetch: the widget
 * enters its rejected state with the error stored", 001 §8), logged once. Not an API error: thrown.
 */
async function settle<T>(scope: CardScope, what: string, read: Promise<T>): Promise<T | null> {
	try {
		return await read
	} catch (error) {
		if (!(error instanceof ScmError)) throw error
		scope.context.log.warn(
			{ what, status: error.status, error: error.message },
			'dashboard card read failed',
		)
		return null
	}
}

async function loadOverview(scope: CardScope, q: URLSearchParams) {
	const filters = overviewFilters(q)
	const query = { months: filters.months, order_type: filters.orderType }
	const [lateVsOnTime, averageTime] = await Promise.all([
		settle(scope, 'lateVsOnTime', scope.scm.widgets.lateVsOnTime(query)),
		settle(scope, 'averageTime', scope.scm.widgets.averageTime(query)),
	])
	return { filters, lateVsOnTime, averageTime }
}

async function loadExceptions(scope: CardScope, q: URLSearchParams) {
	const filters = exceptionFilters(q)
	const shown = showsIssuesLog(scope.toggles.issuesLog, scope.user.profile.subscribed_services)
	const [issuesLog, withoutUpdates] = await Promise.all([
		// "issues-log-v2 when a 'before' value is given": the card's days are that value.
		shown
			? settle(
					scope,
					'issuesLog',
					scope.scm.widgets.issuesLog({
						before: filters.days,
						carrier_description: filters.carrier,
						order_type: filters.orderType,
					}),
				)
			: Promise.resolve(undefined),
		settle(scope, 'withoutUpdates', readWithoutUpdates(scope, filters)),
	])
	/** undefined: the Issues Log is not shown to this user (the Issues Log rule). */
	return {
		filters,
		issuesLog: issuesLog === undefined ? undefined : (issuesLog?.issuesLog ?? null),
		withoutUpdates,
	}
}

/**
 * One page of Orders Without Update, 5 a page; a page past the end (the orders got updates since
 * the link was made) reads as the last page, as the widget page's list does.
 */
async function readWithoutUpdates(scope: CardScope, filters: ReturnType<typeof exceptionFilters>) {
	const at = (page: number) =>
		scope.scm.widgets.withoutUpdates({
			before: filters.days,
			limit: WITHOUT_UPDATES_LIMIT,
			offset: withoutUpdatesOffset(page),
			carrier_description: filters.carrier,
			order_type: filters.orderType,
			issue_type: filters.issueType,
		})
	let answer = await at(filters.page)
	const page = pageAfterRemoval(filters.page, answer.total, WITHOUT_UPDATES_LIMIT)
	if (page !== filters.page && answer.total > 0) answer = await at(page)
	return { ...answer, page }
}

async function loadCarriers(scope: CardScope, q: URLSearchParams) {
	const filters = carrierFilters(q)
	const carriers = filters.carriers.join(',')
	const [lateOnTime, trends] = await Promise.all([
		settle(
			scope,
			'carrierLateOnTime',
			scope.scm.widgets.carrierLateOnTime({ carriers, duration: filters.duration }),
		),
		settle(
			scope,
			'carrierTrends',
			scope.scm.widgets.carrierTrends({
				carriers,
				duration: filters.duration,
				offset: trendsOffset(filters.page),
				limit: TRENDS_PER_PAGE,
			}),
		),
	])
	return { filters, lateOnTime, trends }
}

async function loadTagged(scope: CardScope, q: URLSearchParams) {
	const page = taggedPage(q)
	return settle(
		scope,
		'tagged',
		scope.scm.comments.tagged((page - 1) * TAGGED_PER_PAGE, TAGGED_PER_PAGE),
	)
}

async function loadLists(scope: CardScope) {
	const [following, viewed] = await Promise.all([
		settle(scope, 'following', scope.scm.widgets.following({ offset: 0, limit: LIST_ROWS })),
		settle(
			scope,
			'recentlyViewed',
			scope.scm.widgets.recentlyViewed({ limit: RECENTLY_VIEWED_FETCH }),
		),
	])
	// "Recently viewed response: an object whose values are the orders", keyed by position.
	const recentlyViewed = viewed
		? Object.entries(viewed)
				.sort(([a], [b]) => Number(a) - Number(b))
				.map(([, order]) => order)
				.slice(0, LIST_ROWS)
		: null
	return {
		following: following ? following.orders.slice(0, LIST_ROWS) : null,
		followingTotal: following?.total ?? 0,
		recentlyViewed,
	}
}

const LOADERS = {
	overview: loadOverview,
	exceptions: loadExceptions,
	carriers: loadCarriers,
	tagged: loadTagged,
	lists: (scope: CardScope) => loadLists(scope),
} satisfies Record<CardName, (scope: CardScope, q: URLSearchParams) => Promise<unknown>>

export type CardData = { [K in CardName]: Awaited<ReturnType<(typeof LOADERS)[K]>> }

/** One card's read for the query, with its key. */
export async function loadCard<K extends CardName>(
	scope: CardScope,
	card: K,
	q: URLSearchParams,
): Promise<CardRead<CardData[K]>> {
	const data = (await LOADERS[card](scope, q)) as CardData[K]
	return { key: cardKey(card, q), data }
}

/** The filters' choices, read once with the page: order types, carrier descriptions, issue types, carriers. */
export async function loadChoices(scope: CardScope, enabled: Record<CardName, boolean>) {
	const none = Promise.resolve(null)
	const [orderTypes, descriptions, issueTypes, carrierCodes] = await Promise.all([
		enabled.overview || enabled.exceptions
			? settle(scope, 'orderTypes', scope.scm.reference.orderTypes())
			: none,
		enabled.exceptions
			? settle(scope, 'carrierDescriptions', scope.scm.widgets.carrierDescriptions())
			: none,
		enabled.exceptions ? settle(scope, 'substatusTypes', scope.scm.widgets.substatusTypes()) : none,
		enabled.carriers ? settle(scope, 'carrierCodes', scope.scm.widgets.carrierCodes()) : none,
	])
	const byName = (list: { id: string; name: string }[] | undefined): Option[] =>
		(list ?? []).map((x) => ({ value: x.id, label: x.name }))
	return {
		orderTypes: byName(orderTypes?.orderTypes),
		carrierDescriptions: (descriptions?.carrierDescriptions ?? []).map((d): Option => ({
			value: d,
			label: d,
		})),
		issueTypes: byName(issueTypes?.substatusTypes),
		carriers: (carrierCodes?.carrierCodes ?? []).map((c): Option => ({
			value: c.id,
			label: c.name === c.code ? c.name : `${c.name} (${c.code})`,
		})),
	}
}
