import { data, type AppLoadContext } from 'react-router'
import { PublicTrackerApi } from '#api/sharing/public-tracker'
import type { ResultsParams } from './results'
import { createScmCaller, createScmClient, ScmError } from '~/services/scm.server'

/**
 * The public tracker's calls (000 §7 "GET /public_order_tracker/search" and "GET
 * /public_order_tracker/{ssid}/timeline"), through the same SCM client as every other
 * call (its request builder, contracts, camelCase and error handling). Anonymous: the
 * supply chain in X-Supply-Chain and an empty Authorization header (000 §6 "Public
 * tracker: anonymous; supplies the supply chain in a header and sends an empty
 * authorization header").
 *
 * The API rate-limits per browser address; it cannot see the browser, so we forward
 * its address, and whether this browser session passed the captcha, with the web tier's
 * API key, which is what makes the API believe them.
 */

interface PublicCaller {
	clientAddress: string
	captchaPassed: boolean
}

function headers(context: AppLoadContext, organization: string, caller: PublicCaller) {
	return {
		'X-Supply-Chain': organization,
		Authorization: '',
		'X-Api-Key': context.webApiKey,
		'X-Client-Address': caller.clientAddress,
		'X-Captcha-Passed': caller.captchaPassed ? '1' : null,
	}
}

export function publicTrackerClient(context: AppLoadContext, caller: PublicCaller) {
	const { call } = createScmCaller(context)
	return {
		/** One page (10) of the orders whose order, reference or tracking number is `query`. */
		search: (
			organization: string,
			query: string,
			params: Pick<ResultsParams, 'sortBy' | 'orderBy' | 'page'>,
		) =>
			call(PublicTrackerApi.search, {
				query: {
					query_string: query,
					order_by: params.sortBy,
					order: params.orderBy,
					page_no: params.page,
				},
				headers: headers(context, organization, caller),
			}),
		/** "reads data.shipSet; empty data is an error" (000 §7). */
		async timeline(organization: string, shipSetId: string) {
			const { data } = await call(PublicTrackerApi.timeline, {
				params: { ssid: shipSetId },
				headers: { ...headers(context, organization, caller), 'Content-Type': 'application/json' },
			})
			if (!data?.shipSet) throw new ScmError(502, 'No API response data')
			return data.shipSet
		},
	}
}

export { ScmError }

/** The toggle behind the whole public tracker (000 §2 route table: "/tracking … only when the order-tracker toggle is on"). */
const ORDER_TRACKER_TOGGLE = 'web.ui.orderTracker'

/** Whether the order tracker is on for this organization slug (or globally), asked of the API. */
async function trackerEnabled(context: AppLoadContext, slug: string | undefined): Promise<boolean> {
	const client = createScmClient(context)
	const toggles = await client.account
		.toggles([ORDER_TRACKER_TOGGLE], slug)
		.catch((error: unknown) => {
			// A typed organization that cannot be sent (a non-Latin letter, a line break) names no
			// supply chain: the global setting applies, and its search finds nothing, as for any unknown one.
			if (slug && error instanceof ScmError && error.status === 400)
				return client.account.toggles([ORDER_TRACKER_TOGGLE])
			throw error
		})
	return toggles.some((t) => t.name === ORDER_TRACKER_TOGGLE && t.enabled)
}

/** Throws the 404 page when the order tracker is switched off (for this organization, when one is named). */
export async function requireTrackerEnabled(
	context: AppLoadContext,
	organization?: string,
): Promise<void> {
	if (!(await trackerEnabled(context, organization?.trim().toLowerCase() || undefined)))
		throw data(null, { status: 404 })
}
