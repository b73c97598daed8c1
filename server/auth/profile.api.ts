import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, jsonContent } from '../shared/common'
import { ProfileResponse } from './profile.contract'

const route = createRoute({
	method: 'get',
	path: '/api/web/profile',
	tags: ['Profile'],
	summary:
		'The caller and the supply chains it belongs to, with permissions and subscribed services',
	description:
		'Loaded by the web app after sign-in to complete the session profile (000 §3 "Session/user").',
	security: [{ bearer: [] }],
	responses: {
		200: jsonContent(ProfileResponse, 'The profile'),
		401: jsonContent(ErrorBody, 'Missing or invalid token'),
	},
})

export const ProfileApi = { get: route }
