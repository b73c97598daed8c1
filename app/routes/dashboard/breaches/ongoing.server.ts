import type { AppLoadContext } from 'react-router'
import { ONGOING_MAX_LIMIT, type OngoingBreachedOrder } from '#contracts/breaches/ongoing'
import type { Camelize } from '~/lib/camelize'
import {
	CHART_READINGS,
	exceptionView,
	ongoingListKey,
	pageSizeOf,
	parseOngoing,
	selectedBreach,
	type ExceptionView,
	type OngoingPlace,
	type OngoingState,
} from './ongoing'
import { trackerHref } from '~/lib/iot-tracker-links'
import { withCatalogue } from '~/services/errors.server'
import { ScmError, type ScmClient } from '~/services/scm.server'

/**
 * Ongoing Breaches' reads (001 §4 "Ongoing breaches", §7): the list for the URL's search and pages,
 * and the selected breached order with the latest 60 readings of each exception. A page's loader
 * reads both (the first item selected when the URL names none); with JavaScript the list and the
 * detail read themselves from /dashboard/breaches/ongoing and /dashboard/breaches/ongoing/{id}.
 * A failed call leaves its part in its rejected state (001 §4) with its message; a 401 still
 * restarts sign-in.
 */

export type Breach = Camelize<OngoingBreachedOrder>

/** Breaches of the list from `offset` (0 for the pages a URL asks for; a page more's own offset). */
export interface OngoingList {
	failed: boolean
	items: Breach[]
	total: number
	offset: number
}

export interface OngoingException {
	view: ExceptionView
	/** The readings could not be read (the chart says so; the rest of the detail stands). */
	readingsFailed: boolean
}

export type OngoingDetail =
	/** trackerHref: the tracking group's page in the IoT tracker, when its address is configured. */
	| { status: 'found'; breach: Breach; exceptions: OngoingException[]; trackerHref: string | null }
	/** Unknown or another tenant's id: nothing is selected. */
	| { status: 'missing' }
	| { status: 'failed' }

/** A part's answer (the list's, the detail's) with the key of what it was read for. */
export interface Keyed<T> {
	key: string
	data: T
}

export interface OngoingRead {
	list: Keyed<OngoingList>
	/** The selected breached order's detail, keyed by its id; null when nothing is selected. */
	detail: Keyed<OngoingDetail> | null
}

/** Rethrows what must not be swallowed (not an API error; a 401, which restarts sign-in); logs the rest. */
async function failed(request: Request, context: AppLoadContext, error: unknown): Promise<void> {
	if (!(error instanceof ScmError)) throw error
	if (error.status === 401) await withCatalogue(request, context, () => Promise.reject(error), null)
	context.log.warn({ status: error.status, error: error.message }, 'ongoing breaches call failed')
}

/**
 * The first `state.page` pages of the list (the page's read, and 'Load more' without JavaScript):
 * in the API's largest pages (50), the rest once the total is known, as the tabbed lists read theirs.
 */
export async function readOngoingList(
	request: Request,
	context: AppLoadContext,
	scm: ScmClient,
	place: OngoingPlace,
	state: OngoingState,
): Promise<OngoingList> {
	const wanted = state.page * pageSizeOf(place)
	const read = (offset: number, limit: number) =>
		scm.ongoingBreaches.list({ offset, limit, order_number: state.q || undefined })
	try {
		const first = await read(0, Math.min(wanted, ONGOING_MAX_LIMIT))
		const upTo = Math.min(wanted, first.totalOngoingBreaches)
		const offsets: number[] = []
		for (let offset = ONGOING_MAX_LIMIT; offset < upTo; offset += ONGOING_MAX_LIMIT)
			offsets.push(offset)
		const rest = await Promise.all(
			offsets.map((offset) => read(offset, Math.min(ONGOING_MAX_LIMIT, upTo - offset))),
		)
		return {
			failed: false,
			items: [first, ...rest].flatMap((a) => a.ongoingBreachOrders),
			total: first.totalOngoingBreaches,
			offset: 0,
		}
	} catch (error) {
		await failed(request, context, error)
		return { failed: true, items: [], total: 0, offset: 0 }
	}
}

/**
 * One page of the list from `offset`, for 'Load more' with JavaScript, which appends it to what the
 * list shows ("More items load on scroll (page increases)", 001 §4): never the pages before it again.
 */
export async function readOngoingStep(
	request: Request,
	context: AppLoadContext,
	scm: ScmClient,
	place: OngoingPlace,
	state: Pick<OngoingState, 'q'>,
	offset: number,
): Promise<OngoingList> {
	try {
		const answer = await scm.ongoingBreaches.list({
			offset,
			limit: pageSizeOf(place),
			order_number: state.q || undefined,
		})
		return {
			failed: false,
			items: answer.ongoingBreachOrders,
			total: answer.totalOngoingBreaches,
			offset,
		}
	} catch (error) {
		await failed(request, context, error)
		return { failed: true, items: [], total: 0, offset }
	}
}

/**
 * 001 §4 step 2: "Selecting an item resets the exceptions, fetches the breach detail, then fetches
 * measurements for each exception summary" (the latest 60, GET {tracker}/…/measurements?last=60).
 */
export async function readOngoingDetail(
	request: Request,
	context: AppLoadContext,
	scm: ScmClient,
	id: string,
): Promise<OngoingDetail> {
	let breach: Breach
	try {
		breach = (await scm.ongoingBreaches.detail(id)).breachedOrder
	} catch (error) {
		if (error instanceof ScmError && error.status === 404) return { status: 'missing' }
		await failed(request, context, error)
		return { status: 'failed' }
	}
	const exceptions = await Promise.all(
		breach.measurementExceptionSummaries.map(async (summary): Promise<OngoingException> => {
			try {
				const { measurements } = await scm.tracker.measurements(breach.trackingGroupId, {
					measurable_id: breach.item.measurableId,
					type: summary.sensorTypeCode,
					last: CHART_READINGS,
				})
				return { view: exceptionView(summary, measurements), readingsFailed: false }
			} catch (error) {
				await failed(request, context, error)
				return { view: exceptionView(summary, []), readingsFailed: true }
			}
		}),
	)
	return {
		status: 'found',
		breach,
		exceptions,
		trackerHref: trackerHref(context.iotTrackerUrl, breach.trackingGroupUrl),
	}
}

/** A page's read of Ongoing Breaches: the list, and the detail of the selected breached order. */
export async function readOngoing(
	request: Request,
	context: AppLoadContext,
	scm: ScmClient,
	place: OngoingPlace,
	q: URLSearchParams,
): Promise<OngoingRead> {
	const state = parseOngoing(q)
	// An item the URL names is read beside the list; otherwise the first item, once the list is in.
	const [list, named] = await Promise.all([
		readOngoingList(request, context, scm, place, state),
		state.breach ? readOngoingDetail(request, context, scm, state.breach) : null,
	])
	const selected = selectedBreach(state, list.failed ? null : list.items)
	const detail =
		selected === null
			? null
			: selected === state.breach
				? named
				: await readOngoingDetail(request, context, scm, selected)
	return {
		list: { key: ongoingListKey(place, q), data: list },
		detail: selected && detail ? { key: selected, data: detail } : null,
	}
}
