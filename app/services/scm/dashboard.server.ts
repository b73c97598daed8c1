import { DashboardApi } from '#api/dashboard/dashboard'
import type { ScmCaller } from './client.server'

/** The tabbed dashboard's lists (001 §2), offset paging. */
export function dashboardCalls({ call }: ScmCaller) {
	return {
		following: (offset: number, limit = 10) =>
			call(DashboardApi.following, { query: { offset, limit } }),
		liveFeed: (offset: number, limit = 10) =>
			call(DashboardApi.liveFeed, { query: { offset, limit } }),
		recentlyViewed: (offset: number, limit = 10) =>
			call(DashboardApi.viewed, { query: { offset, limit } }),
	}
}
