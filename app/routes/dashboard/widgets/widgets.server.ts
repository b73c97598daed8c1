import type { AppLoadContext } from 'react-router'
import { pageAfterRemoval, pageCount, WIDGET_PAGE_SIZE } from '../format'
import {
	parseAverageTime,
	parseCarrier,
	parseFollowing,
	parseIssues,
	parseViewed,
	parseWithoutUpdates,
	RECENTLY_VIEWED_FETCH,
	showsCarrierPerformance,
	showsIssuesLog,
	widgetSearch,
	WITHOUT_UPDATES_LIMIT,
	type WidgetName,
} from './widget-page'
import type { SessionUser } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { ScmError, type ScmClient } from '~/services/scm.server'
import { loadToggles } from '~/services/toggles.server'

/**
 * The widget page's reads (001 §2, §7), one per widget, each from that widget's own URL
 * parameters. The page's loader runs them all; the resource route /dashboard/old/widgets/{widget}
 * runs one (a widget that refetches only itself). A widget whose call fails is in its rejected
 * state (001 §4) and shows its empty text (001 §8); a 401 still restarts sign-in.
 */

type Q = Pick<URLSearchParams, 'get'>

/** Which optional widgets this user sees (001 §6). */
export async function widgetAccess(context: AppLoadContext, user: SessionUser) {
	const toggles = await loadToggles(context, user.profile.account)
	return {
		'issues-log': showsIssuesLog(toggles.issuesLog, user.profile.subscribed_services),
		'carrier-performance': showsCarrierPerformance(toggles.carrierPerformance),
	} satisfies Partial<Record<WidgetName, boolean>>
}
type WidgetAccess = Awaited<ReturnType<typeof widgetAccess>>

export function allowed(widget: WidgetName, access: WidgetAccess): boolean {
	return widget === 'issues-log' || widget === 'carrier-performance' ? access[widget] : true
}

/** A widget's answer: its data, or `failed` (its rejected state, the error kept in the log). */
type Settled<T> = { failed: false; data: T } | { failed: true; data: null }

async function settle<T>(
	request: Request,
	context: AppLoadContext,
	load: () => Promise<T>,
): Promise<Settled<T>> {
	try {
		return { failed: false, data: await load() }
	} catch (error) {
		// 401 (sign in again) follows the error catalogue; anything else leaves this widget empty.
		if (!(error instanceof ScmError)) throw error
		if (error.status === 401)
			await withCatalogue(request, context, () => Promise.reject(error), null)
		context.log.warn({ status: error.status, error: error.message }, 'dashboard widget failed')
		return { failed: true, data: null }
	}
}

async function following(scm: ScmClient, q: Q) {
	const { page } = parseFollowing(q)
	const at = (p: number) =>
		scm.widgets.following({ limit: WIDGET_PAGE_SIZE, offset: WIDGET_PAGE_SIZE * (p - 1) })
	let answer = await at(page)
	// A page past the end (a bookmark, the last row of the last page unfollowed) shows the last page.
	const last = pageAfterRemoval(page, answer.total)
	if (last !== page && answer.total > 0) answer = await at(last)
	return { page: last, total: answer.total, orders: answer.orders }
}

async function recentlyViewed(scm: ScmClient, q: Q) {
	const { page } = parseViewed(q)
	// "an object whose values are the orders" (001 §3), keyed by position.
	const answer = await scm.widgets.recentlyViewed({ limit: RECENTLY_VIEWED_FETCH })
	const orders = Object.entries(answer)
		.sort(([a], [b]) => Number(a) - Number(b))
		.map(([, order]) => order)
		.slice(0, RECENTLY_VIEWED_FETCH)
	return { page: Math.min(page, pageCount(orders.length)), total: orders.length, orders }
}

async function issuesLog(scm: ScmClient, q: Q) {
	const state = parseIssues(q)
	const answer = await scm.widgets.issuesLog({
		carrier_description: state.carrier,
		order_type: state.orderType,
		before: state.before === '' ? undefined : state.before,
	})
	return { state, entries: answer.issuesLog }
}

async function averageTime(scm: ScmClient, q: Q) {
	const state = parseAverageTime(q)
	const answer = await scm.widgets.averageTime({
		months: state.months,
		order_type: state.orderType,
	})
	return { state, months: answer.months, average: answer.average }
}

async function withoutUpdates(scm: ScmClient, q: Q) {
	const state = parseWithoutUpdates(q)
	const at = (page: number) =>
		scm.widgets.withoutUpdates({
			before: state.before,
			carrier_description: state.carrier,
			order_type: state.orderType,
			issue_type: state.issueType,
			limit: WITHOUT_UPDATES_LIMIT,
			offset: WITHOUT_UPDATES_LIMIT * (page - 1),
		})
	let answer = await at(state.page)
	const last = pageAfterRemoval(state.page, answer.total, WITHOUT_UPDATES_LIMIT)
	if (last !== state.page && answer.total > 0) answer = await at(last)
	return { state: { ...state, page: last }, total: answer.total, orders: answer.orders }
}

async function carrierPerformance(scm: ScmClient, q: Q) {
	const state = parseCarrier(q)
	const answer = await scm.widgets.carrierAverageDays({
		months: state.months,
		conveyance_type: state.conveyance,
	})
	return { state, months: answer.months }
}

const LOADERS = {
	following,
	'recently-viewed': recentlyViewed,
	'issues-log': issuesLog,
	'average-time': averageTime,
	'without-updates': withoutUpdates,
	'carrier-performance': carrierPerformance,
} satisfies Record<WidgetName, (scm: ScmClient, q: Q) => Promise<unknown>>

type Loaders = typeof LOADERS
type WidgetData<W extends WidgetName> = Awaited<ReturnType<Loaders[W]>>

/** One widget's answer and the key of the parameters it answers (its own part of the query). */
export interface WidgetAnswer<W extends WidgetName> {
	key: string
	result: Settled<WidgetData<W>>
}

export async function loadWidget<W extends WidgetName>(
	widget: W,
	request: Request,
	context: AppLoadContext,
	scm: ScmClient,
	q: URLSearchParams,
): Promise<WidgetAnswer<W>> {
	const load = LOADERS[widget] as (scm: ScmClient, q: Q) => Promise<WidgetData<W>>
	return {
		key: widgetSearch(widget, q),
		result: await settle(request, context, () => load(scm, q)),
	}
}

/** The filters' lists: carrier descriptions, order types, issue types (001 §3 "Reference lists used by filters"). */
export async function loadFilterLists(request: Request, context: AppLoadContext, scm: ScmClient) {
	const [carriers, orderTypes, issueTypes] = await Promise.all([
		settle(request, context, () => scm.widgets.carrierDescriptions()),
		settle(request, context, () => scm.reference.orderTypes()),
		settle(request, context, () => scm.widgets.substatusTypes()),
	])
	return {
		carriers: (carriers.data?.carrierDescriptions ?? []).map((c) => ({ value: c, label: c })),
		orderTypes: (orderTypes.data?.orderTypes ?? []).map((t) => ({ value: t.id, label: t.name })),
		issueTypes: (issueTypes.data?.substatusTypes ?? []).map((t) => ({
			value: t.id,
			label: t.name,
		})),
	}
}
export type FilterLists = Awaited<ReturnType<typeof loadFilterLists>>
