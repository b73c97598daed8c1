import type { AppLoadContext } from 'react-router'
import { AnalyticsEventsApi } from '#api/analytics/events'
import type { AnalyticsEventName } from '#contracts/analytics/events'
import { createScmCaller, type ScmCaller } from './client.server'

/** First-party analytics events (000 §6) of signed-in surfaces, and their report for administrators. */
export function analyticsEventCalls({ call }: ScmCaller) {
	return {
		record: (name: AnalyticsEventName, surface: 'timeline' | 'dashboard') =>
			call(AnalyticsEventsApi.record, { body: { name, surface } }),
		report: (days: number) => call(AnalyticsEventsApi.report, { query: { days } }),
	}
}

/**
 * An anonymous surface's event (the public tracker, a guest link): the supply chain in
 * X-Supply-Chain, the browser's address forwarded with the web tier's API key for the rate limit.
 */
export function recordAnonymousEvent(
	context: AppLoadContext,
	organization: string,
	name: AnalyticsEventName,
	surface: 'public_tracker' | 'guest_timeline',
) {
	return createScmCaller(context).call(AnalyticsEventsApi.recordAnonymous, {
		body: { name, surface },
		headers: {
			'X-Supply-Chain': organization,
			Authorization: null,
			'X-Api-Key': context.webApiKey,
			'X-Client-Address': context.clientAddress,
		},
	})
}
