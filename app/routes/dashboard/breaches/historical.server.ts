import type { AppLoadContext } from 'react-router'
import type { HistoricalSummary } from '#contracts/breaches/historical'
import type { Camelize } from '~/lib/camelize'
import {
	historicalKey,
	parseHistorical,
	showsHistoricalBreaches,
	utcToday,
	type HistoricalState,
} from './historical'
import type { SessionUser } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { ScmError, type ScmClient } from '~/services/scm.server'
import { loadToggles } from '~/services/toggles.server'

/**
 * The Historical Breaches section's read (001 §4 "Historical search", §7 GET
 * /historical_breached_orders), from its own URL parameters (hist_*). A page that shows the
 * section (the widget page, the Breached Orders tab) calls it in its loader; with JavaScript the
 * section reads itself again from /dashboard/breaches/historical when only its parameters change.
 */

export type HistoricalOrder = Camelize<HistoricalSummary>

type HistoricalResult =
	| {
			status: 'ok'
			orders: HistoricalOrder[]
			totalOrders: number
			totalPages: number
			page: number
	  }
	/** 001 §8 "Historical table: 'An error occurred!' on error". */
	| { status: 'error' }
	/** The filters were refused (the form says why); nothing was searched. */
	| { status: 'invalid' }

/** What the section's reads answer: its data, and the key of the parameters it was read for (historicalKey). */
export interface HistoricalRead {
	key: string
	data: HistoricalAnswer
}

export interface HistoricalAnswer {
	/** Today in UTC ('YYYY-MM-DD'): the default range's end and the calendar's last day. */
	today: string
	state: HistoricalState
	result: HistoricalResult
	/** The IoT tracker's address (IOT_TRACKER_URL), which tracking_group_url is relative to. */
	trackerUrl: string | null
}

/** Whether this user sees Historical Breaches (001 §6: the TRACKER service and the supply chain's toggle). */
export async function historicalAccess(
	context: AppLoadContext,
	user: SessionUser,
): Promise<boolean> {
	const toggles = await loadToggles(context, user.profile.account)
	return showsHistoricalBreaches(toggles.historicalBreaches, user.profile.subscribed_services)
}

export async function loadHistoricalBreaches(
	request: Request,
	context: AppLoadContext,
	scm: ScmClient,
	q: URLSearchParams,
	now = new Date(),
): Promise<HistoricalRead> {
	const today = utcToday(now)
	const state = parseHistorical(q, today)
	const key = historicalKey(q)
	const answer = (result: HistoricalResult): HistoricalRead => ({
		key,
		data: { today, state, result, trackerUrl: context.iotTrackerUrl ?? null },
	})
	if (!state.query) return answer({ status: 'invalid' })
	const query = state.query
	try {
		let page = await scm.historicalBreaches.list(query)
		// A page past the end (a bookmark, fewer breaches now) shows the last page.
		if (page.orders.length === 0 && page.totalPages > 0 && query.page >= page.totalPages) {
			page = await scm.historicalBreaches.list({ ...query, page: page.totalPages - 1 })
		}
		return answer({
			status: 'ok',
			orders: page.orders,
			totalOrders: page.totalOrders,
			totalPages: page.totalPages,
			page: page.offset / page.limit,
		})
	} catch (error) {
		// 401 signs in again (the error catalogue); anything else is the table's 'An error occurred!'.
		if (!(error instanceof ScmError)) throw error
		if (error.status === 401)
			await withCatalogue(request, context, () => Promise.reject(error), null)
		context.log.warn({ status: error.status, error: error.message }, 'historical breaches failed')
		return answer({ status: 'error' })
	}
}
