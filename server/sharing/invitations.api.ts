import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, jsonContent } from '../shared/common'
import {
	AcceptInvitationBody,
	AcceptInvitationResponse,
	INVITATION_INVALID,
	InvitationQuery,
	InvitationResponse,
} from './invitations.contract'

/**
 * The invitation a Supply Chain View share sends to an address outside the supply chain
 * (see ../invitations.ts). Called by the web tier only (its API key); the invitation's token
 * and e-mail are the caller's proof. Every refusal of the link answers the same 404.
 */
const invitations = { tags: ['Share'] }
const refused = jsonContent(ErrorBody, `'${INVITATION_INVALID}'`)

const show = createRoute({
	...invitations,
	method: 'get',
	path: '/api/web/invitations',
	summary: 'The invitation a link names: the order, the supply chain and who sent it',
	request: { query: InvitationQuery },
	responses: {
		200: jsonContent(InvitationResponse, 'The invitation'),
		401: jsonContent(ErrorBody, 'Not the web tier'),
		404: refused,
	},
})

const accept = createRoute({
	...invitations,
	method: 'post',
	path: '/api/web/invitations/accept',
	summary:
		'Accepts an invitation: a new account with this e-mail joins the supply chain, and the link ends',
	request: {
		body: { content: { 'application/json': { schema: AcceptInvitationBody } }, required: true },
	},
	responses: {
		201: jsonContent(
			AcceptInvitationResponse,
			'The new member, the supply chain and the shared order',
		),
		400: jsonContent(ErrorBody, 'A field is invalid'),
		401: jsonContent(ErrorBody, 'Not the web tier'),
		404: refused,
		409: jsonContent(ErrorBody, 'The e-mail already has an account'),
	},
})

export const InvitationsApi = { show, accept }
