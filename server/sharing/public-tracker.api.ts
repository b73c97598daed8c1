import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, jsonContent } from '../shared/common'
import {
	PublicSearchQuery,
	PublicSearchResponse,
	PublicTimelineResponse,
	PublicTrackerHeaders,
	TimelineParams,
} from './public-tracker.contract'

const anonymous = {
	tags: ['Public order tracker'],
	security: [],
	description:
		'Anonymous. Rate limited per client address (429 with Retry-After). The web tier forwards the browser’s address in X-Client-Address and a passed captcha in X-Captcha-Passed: 1; both are trusted only with its X-Api-Key.',
}

const tooMany = jsonContent(ErrorBody, 'Too many requests from this address; see Retry-After')

const search = createRoute({
	...anonymous,
	method: 'get',
	path: '/api/web/public_order_tracker/search',
	summary: 'Orders whose order, reference or tracking number equals query_string, 10 a page',
	request: { headers: PublicTrackerHeaders, query: PublicSearchQuery },
	responses: {
		200: jsonContent(PublicSearchResponse, 'One page of results and the total'),
		400: jsonContent(ErrorBody, 'Malformed parameters'),
		429: tooMany,
	},
})

const timeline = createRoute({
	...anonymous,
	method: 'get',
	path: '/api/web/public_order_tracker/{ssid}/timeline',
	summary: 'The public fields of one order: nodes, groups, events and shipments',
	request: { headers: PublicTrackerHeaders, params: TimelineParams },
	responses: {
		200: jsonContent(PublicTimelineResponse, 'The order'),
		400: jsonContent(ErrorBody, 'Malformed parameters'),
		404: jsonContent(ErrorBody, 'No such order in this organization, or no such organization'),
		429: tooMany,
	},
})

export const PublicTrackerApi = { search, timeline }
