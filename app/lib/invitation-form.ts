import { z } from 'zod'
import { INVITATION_MESSAGES, MIN_PASSWORD_LENGTH } from '#contracts/sharing/invitations'

/**
 * The form that accepts a Supply Chain View invitation (ADR 0025): a name and a password, typed
 * twice. The API checks the same rules again (server/sharing/invitations.contract.ts).
 */
export const AcceptInvitationFormSchema = z
	.object({
		given_name: z
			.string({ error: INVITATION_MESSAGES.givenNameRequired })
			.trim()
			.min(1, INVITATION_MESSAGES.givenNameRequired)
			.max(100),
		family_name: z.string().trim().max(100).optional(),
		password: z
			.string({ error: INVITATION_MESSAGES.passwordTooShort })
			.min(MIN_PASSWORD_LENGTH, INVITATION_MESSAGES.passwordTooShort)
			.max(1024),
		confirm_password: z.string({ error: INVITATION_MESSAGES.passwordsDiffer }),
	})
	.refine((v) => v.password === v.confirm_password, {
		path: ['confirm_password'],
		message: INVITATION_MESSAGES.passwordsDiffer,
	})
