import { z } from '@hono/zod-openapi'

/**
 * Supply Chain View invitations (002 §4 "Share flow": "a second step lists them (marked NEW)
 * and asks for a view type (Restricted View = customer, default; or Supply Chain View)";
 * ADR 0025). Sharing with Supply Chain View to an address outside the supply chain invites
 * that person into it: the e-mail carries a one-time link to /invitations?token=…&email=…,
 * where they choose a name and a password; accepting makes them a member (the signed-in
 * timeline, CORE.DEFAULT) and ends the link. Wire format snake_case.
 */

export const INVITATION_INVALID = 'This invitation has expired or was already used.'
export const MIN_PASSWORD_LENGTH = 12
export const INVITATION_MESSAGES = {
	givenNameRequired: 'Given name is required',
	passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
	passwordsDiffer: 'The passwords do not match',
} as const

/** What a member invited through Supply Chain View may do: the signed-in timeline (000 §6 CORE.DEFAULT). */
export const INVITED_MEMBER = {
	permissions: ['CORE.DEFAULT'],
	subscribedServices: ['CORE'],
} as const

const Token = z.string().min(1).max(200)
const Email = z.string().trim().toLowerCase().email().max(254)

export const InvitationQuery = z.object({
	token: Token.openapi({ param: { name: 'token', in: 'query' } }),
	email: Email.openapi({ param: { name: 'email', in: 'query' } }),
})

export const InvitationResponse = z
	.object({
		invitation: z.object({
			email: z.string(),
			organization_name: z.string(),
			order_name: z.string(),
			ship_set_id: z.string(),
			shared_by: z.string(),
			expires_at: z.string().nullable(),
		}),
	})
	.openapi('Invitation')

export const AcceptInvitationBody = z
	.object({
		token: Token,
		email: Email,
		given_name: z.string().trim().min(1, INVITATION_MESSAGES.givenNameRequired).max(100),
		family_name: z.string().trim().max(100).nullish(),
		password: z.string().min(MIN_PASSWORD_LENGTH, INVITATION_MESSAGES.passwordTooShort).max(1024),
	})
	.openapi('AcceptInvitation')

export const AcceptInvitationResponse = z
	.object({
		accepted: z.object({ email: z.string(), organization: z.string(), ship_set_id: z.string() }),
	})
	.openapi('AcceptedInvitation')
