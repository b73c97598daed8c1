import { z } from '@hono/zod-openapi'

export const DashboardListQuery = z.object({
	offset: z.coerce.number().int().min(0).max(100_000).default(0),
	limit: z.coerce.number().int().min(1).max(100).default(10),
})

/** A ship set as the tabbed dashboard lists it (001 §3 "Tabbed list items"). */
export const ShipSetSummary = z
	.object({
		id: z.string(),
		name: z.string(),
		reference_number: z.string().nullable(),
		status: z.string(),
		last_status: z
			.object({
				title: z.string(),
				event_at: z.string(),
				timezone_name: z.string().nullable(),
				event_type: z.string(),
				node: z.object({ icon_class: z.string().nullable(), building_type: z.string() }).nullable(),
			})
			.nullable(),
	})
	.openapi('ShipSetSummary')

export const FollowingResponse = z
	.object({
		following: z.array(z.object({ ship_set: ShipSetSummary })),
		total_count: z.number().int(),
	})
	.openapi('DashboardFollowing')
export const LiveFeedResponse = z
	.object({
		live_feed: z.array(
			z.object({
				ship_set: ShipSetSummary,
				last_event: z.string().nullable(),
				last_event_at: z.string().nullable(),
			}),
		),
		total_count: z.number().int(),
	})
	.openapi('DashboardLiveFeed')
export const RecentlyViewedResponse = z
	.object({
		viewed: z.array(z.object({ ship_set: ShipSetSummary, updated_at: z.string() })),
		total_count: z.number().int(),
	})
	.openapi('DashboardRecentlyViewed')

export const ShipSetIdParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' } }),
})
export const SuccessResponse = z.object({ success: z.boolean() }).openapi('Success')
