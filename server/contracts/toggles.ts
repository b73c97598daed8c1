import { z } from '@hono/zod-openapi'

export const TogglesQuery = z.object({
	names: z
		.string()
		.max(4000)
		.optional()
		.openapi({ description: 'Comma-joined toggle names; all known toggles when absent', example: 'web.ui.orderTracker' }),
})

export const Toggle = z.object({ name: z.string(), enabled: z.boolean() }).openapi('Toggle')
export const TogglesResponse = z.object({ toggles: z.array(Toggle) }).openapi('Toggles')
export type TogglesResponse = z.infer<typeof TogglesResponse>
