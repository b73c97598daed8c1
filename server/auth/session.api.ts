import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, jsonContent } from '../shared/common'
import { SessionEndedResponse, SessionResponse } from './session.contract'

/**
 * The caller's session as the API sees it: the web tier asks whether a session cookie's
 * token still stands before it serves a signed-in page, and ends it on sign-out, after which
 * the API refuses that token everywhere (and so does every web process that asks).
 */
const common = { tags: ['Profile'], security: [{ bearer: [] }] }
const refused = { 401: jsonContent(ErrorBody, 'Missing, invalid, expired or ended token') }

const read = createRoute({
	...common,
	method: 'get',
	path: '/api/web/session',
	summary: 'Whether the bearer token’s session is still open',
	responses: { 200: jsonContent(SessionResponse, 'The session is open'), ...refused },
})

const end = createRoute({
	...common,
	method: 'delete',
	path: '/api/web/session',
	summary: 'End the bearer token’s session (sign-out): the token is refused from now on',
	responses: { 200: jsonContent(SessionEndedResponse, 'Ended'), ...refused },
})

export const SessionApi = { get: read, end }
