import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, jsonContent } from '../shared/common'
import { SetToggleBody, ToggleNameParams, TogglesQuery, TogglesResponse } from './toggles.contract'

const route = createRoute({
	method: 'get',
	path: '/api/web/toggles',
	tags: ['Feature toggles'],
	summary: 'Effective feature toggles: the supply chain’s own value, else the global default',
	description:
		'Called by the web tier with its API key (X-Api-Key); no user token. X-Supply-Chain, when sent, applies that organization’s overrides. Every requested name is answered; an unknown name is off.',
	request: { query: TogglesQuery },
	responses: {
		200: jsonContent(TogglesResponse, 'The toggles'),
		400: jsonContent(ErrorBody, 'Malformed parameters'),
		401: jsonContent(ErrorBody, 'Missing or wrong API key'),
	},
})

const setRoute = createRoute({
	method: 'put',
	path: '/api/web/toggles/{name}',
	tags: ['Feature toggles'],
	summary:
		'Switch a toggle on or off, globally or for one supply chain (admin; `npm run toggle` uses it)',
	request: {
		params: ToggleNameParams,
		body: { content: { 'application/json': { schema: SetToggleBody } }, required: true },
	},
	responses: {
		200: jsonContent(
			SetToggleBody.extend({
				name: ToggleNameParams.shape.name,
				organization: SetToggleBody.shape.organization.nullable(),
			}),
			'The toggle as set',
		),
		400: jsonContent(ErrorBody, 'Malformed parameters'),
		401: jsonContent(ErrorBody, 'Missing or wrong API key'),
		404: jsonContent(ErrorBody, 'No such supply chain'),
	},
})

export const TogglesApi = { list: route, set: setRoute }
