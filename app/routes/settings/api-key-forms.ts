import { z } from 'zod'
import { INGEST_SCOPES } from '#contracts/ingest/ingest'
import { API_KEY_NAME_MAX } from '#contracts/settings/settings'

/** The forms of the settings screens, read by Conform on both sides. */

export const API_KEY_INTENTS = { create: 'create-key', revoke: 'revoke-key' } as const

export const CreateApiKeyFormSchema = z.object({
	intent: z.literal(API_KEY_INTENTS.create),
	name: z
		.string({ error: 'Name is required' })
		.trim()
		.min(1, 'Name is required')
		.max(API_KEY_NAME_MAX, `Name is at most ${API_KEY_NAME_MAX} characters`),
	scopes: z
		.array(z.enum(INGEST_SCOPES), { error: 'Choose at least one scope' })
		.min(1, 'Choose at least one scope'),
})

export const RevokeApiKeyFormSchema = z.object({
	intent: z.literal(API_KEY_INTENTS.revoke),
	id: z.string().uuid('Unknown key'),
})

/** When a key was last used, in words a list reads well. */
export function lastUsedText(lastUsedAt: string | null, format: (iso: string) => string): string {
	return lastUsedAt ? format(lastUsedAt) : 'Never'
}
