import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	GuestLinkParams,
	GuestLinksResponse,
	MailingListsQuery,
	MailingListsResponse,
	RevokeResponse,
	ShareBody,
	ShareParams,
	ShareResponse,
} from './share.contract'

/**
 * The share flow of the signed-in timeline (002 §4 "Share flow", §5, §7): check the
 * addresses, share, and list or revoke the guest links a share created. Signed-in only
 * (requireUser: a guest token is never accepted here); every query is scoped to the
 * caller's supply chain, another tenant's order answering 404 like an unknown one.
 */
const tags = ['Share']
const secured = { security: [{ bearer: [] }] }
const noOrder = { 404: jsonContent(ErrorBody, 'No such order in this supply chain') }

const generate = createRoute({
	tags,
	...secured,
	method: 'get',
	path: '/api/web/ship_sets/{id}/shares/generate_mailing_lists',
	summary:
		'Step 1 of the share flow: which addresses are members of the supply chain and which are new',
	description:
		'`emails` is comma-joined. auth_list: members of the supply chain; not_auth_list: outside addresses that would get a new guest link (marked NEW, $1/month); subscribed_list: outside addresses that already hold an active guest link to this order. 400 names the first invalid address.',
	request: { headers: SupplyChainHeaders, params: ShareParams, query: MailingListsQuery },
	responses: {
		200: jsonContent(MailingListsResponse, 'The three lists'),
		...errorResponses,
		...noOrder,
	},
})

const share = createRoute({
	tags,
	...secured,
	method: 'post',
	path: '/api/web/ship_sets/{id}/shares',
	summary: 'Share the order by e-mail',
	description:
		'The addresses of the three lists are classified again by the server. Members get an e-mail with the timeline link; outside addresses each get a guest link (a signed token valid 30 days, stored only as its SHA-256) with the share’s view_type (customer = Restricted View, the default, or supply_chain). E-mails go to the outbox in the same transaction; a historical-log line records the share.',
	request: {
		headers: SupplyChainHeaders,
		params: ShareParams,
		body: { content: { 'application/json': { schema: ShareBody } }, required: true },
	},
	responses: {
		201: jsonContent(ShareResponse, 'The share and its recipients'),
		...errorResponses,
		...noOrder,
	},
})

const links = createRoute({
	tags,
	...secured,
	method: 'get',
	path: '/api/web/ship_sets/{id}/shares/guest_links',
	summary: 'The order’s guest links that still open (not revoked, not expired), newest first',
	request: { headers: SupplyChainHeaders, params: ShareParams },
	responses: {
		200: jsonContent(GuestLinksResponse, 'Active guest links'),
		...errorResponses,
		...noOrder,
	},
})

const revoke = createRoute({
	tags,
	...secured,
	method: 'delete',
	path: '/api/web/ship_sets/{id}/shares/guest_links/{recipientId}',
	summary: 'Revoke one guest link: it stops opening at once',
	request: { headers: SupplyChainHeaders, params: GuestLinkParams },
	responses: {
		200: jsonContent(RevokeResponse, 'The revoked link'),
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such guest link of this order in this supply chain'),
	},
})

export const ShareApi = {
	mailingLists: generate,
	share,
	guestLinks: links,
	revokeGuestLink: revoke,
}
