import { z } from '@hono/zod-openapi'

/** The bearer token's session (sign-out ends it on the server, for every tier). */
export const SessionResponse = z
	.object({
		active: z.literal(true),
		expires_at: z.string().openapi({ description: 'When the access token expires (ISO 8601)' }),
	})
	.openapi('Session')

export const SessionEndedResponse = z.object({ ended: z.literal(true) }).openapi('SessionEnded')
