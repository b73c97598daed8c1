import { z } from 'zod'
import {
	DESCRIPTION_MAX,
	KINDS_REQUIRED,
	WEBHOOK_EVENT_KINDS,
	WebhookUrl,
} from '#contracts/news-out/webhooks'
import { UUID_SOURCE } from '#shared/ids'

/**
 * The webhook settings screen's forms, with the API's own field rules and messages
 * (server/news-out/webhooks.contract.ts). Every form posts a hidden `intent`; the replay and delete
 * buttons carry the delivery / nothing else.
 */
export const WEBHOOK_INTENTS = {
	create: 'webhook-create',
	update: 'webhook-update',
	remove: 'webhook-delete',
	test: 'webhook-test',
	replay: 'webhook-replay',
} as const

export const WebhookFormSchema = z.object({
	url: WebhookUrl,
	description: z
		.string()
		.trim()
		.max(DESCRIPTION_MAX, `A description is at most ${DESCRIPTION_MAX} characters`)
		.optional(),
	event_kinds: z
		.array(z.enum(WEBHOOK_EVENT_KINDS), { error: KINDS_REQUIRED })
		.min(1, KINDS_REQUIRED),
	enabled: z.boolean().optional(),
})

export const ReplayFormSchema = z.object({
	delivery_id: z.string().regex(new RegExp(`^${UUID_SOURCE}$`, 'i'), 'Not a delivery'),
})

/** The API's issue paths → the form's fields. */
export const WEBHOOK_FIELDS = {
	url: 'url',
	description: 'description',
	event_kinds: 'event_kinds',
} as const
