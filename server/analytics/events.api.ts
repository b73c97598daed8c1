import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import { PublicTrackerHeaders } from '../sharing/public-tracker.contract'
import {
	RecordAnonymousEventBody,
	RecordEventBody,
	RecordedResponse,
	ReportQuery,
	ReportResponse,
} from './events.contract'

/**
 * First-party analytics events (000 §6): recorded here, counted per event and day for the supply
 * chain's administrators (CORE.UPDATE_SUPPLY_CHAIN_SETTINGS, as for the outbox). Each surface's events
 * are refused (403) while its toggle is off for the supply chain.
 */
const tags = ['Analytics events']
const off = {
	403: jsonContent(ErrorBody, 'Not a member, or this surface’s analytics events are switched off'),
}

const record = createRoute({
	tags,
	security: [{ bearer: [] }],
	method: 'post',
	path: '/api/web/analytics_events',
	summary: 'Record one event of a signed-in surface (timeline, dashboard)',
	request: {
		headers: SupplyChainHeaders,
		body: { content: { 'application/json': { schema: RecordEventBody } }, required: true },
	},
	responses: { 201: jsonContent(RecordedResponse, 'Recorded'), ...errorResponses, ...off },
})

const recordAnonymous = createRoute({
	tags,
	security: [],
	method: 'post',
	path: '/api/web/public/analytics_events',
	summary:
		'Record one event of an anonymous surface (public tracker, guest timeline); rate limited per client address',
	description:
		'Anonymous; the supply chain in X-Supply-Chain. Rate limited per client address (429 with Retry-After); the web tier forwards the browser’s address in X-Client-Address with its X-Api-Key.',
	request: {
		headers: PublicTrackerHeaders,
		body: { content: { 'application/json': { schema: RecordAnonymousEventBody } }, required: true },
	},
	responses: {
		201: jsonContent(RecordedResponse, 'Recorded'),
		400: jsonContent(ErrorBody, 'Malformed event'),
		403: jsonContent(ErrorBody, 'This surface’s analytics events are switched off'),
		404: jsonContent(ErrorBody, 'No such supply chain'),
		429: jsonContent(ErrorBody, 'Too many events from this address; see Retry-After'),
	},
})

const report = createRoute({
	tags,
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/analytics_events/report',
	summary: 'Counts per day, surface and event of the last `days` days (administrators)',
	request: { headers: SupplyChainHeaders, query: ReportQuery },
	responses: {
		200: jsonContent(ReportResponse, 'The counts, newest day first'),
		...errorResponses,
	},
})

export const AnalyticsEventsApi = { record, recordAnonymous, report }
