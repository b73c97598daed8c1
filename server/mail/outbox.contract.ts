import { z } from '@hono/zod-openapi'
import { pageQuery } from '../shared/common'

/** The outbox as its admins read it (docs/architecture.md: "an outbox table, readable by admins"). */

export const OutboxQuery = pageQuery(20)

export const OutboxResponse = z
	.object({
		emails: z.array(
			z.object({
				id: z.string(),
				to: z.string(),
				subject: z.string(),
				text: z.string(),
				created_at: z.string(),
				sent_at: z.string().nullable(),
				attempts: z.number().int(),
				last_error: z.string().nullable(),
				/** Files sent with it (name, type, size in bytes; the content stays in the outbox). */
				attachments: z.array(
					z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() }),
				),
			}),
		),
		total_count: z.number().int(),
	})
	.openapi('Outbox')
