import { z } from '@hono/zod-openapi'

/**
 * Follow state of one order for the caller (002 §7 "GET/POST/DELETE {api}/ship_sets/{id}/follows").
 * GET answers `follow: null` when not followed; DELETE answers `{ success: true }`
 * (the dashboard's SuccessResponse), also when the order was not followed.
 */
export const Follow = z
	.object({ id: z.string(), ship_set_id: z.string(), user_id: z.string(), created_at: z.string() })
	.openapi('Follow')
export const FollowResponse = z.object({ follow: Follow.nullable() }).openapi('FollowState')
export type FollowResponse = z.infer<typeof FollowResponse>
