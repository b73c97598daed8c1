import { z } from '@hono/zod-openapi'

export const Membership = z.object({
	account: z
		.string()
		.openapi({ description: 'The supply chain (organization slug)', example: 'acme' }),
	account_name: z.string(),
	account_alias: z.string().nullable(),
	permissions: z.array(z.string()),
	subscribed_services: z.array(z.string()),
})

export const ProfileResponse = z
	.object({
		user: z.object({
			id: z.string(),
			email: z.string(),
			given_name: z.string().nullable(),
			family_name: z.string().nullable(),
		}),
		memberships: z.array(Membership),
	})
	.openapi('Profile')
