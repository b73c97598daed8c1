import type { ScmClient } from '~/services/scm.server'
import { LIST_STEP, type DashboardTab } from './lists'

/** One row of a tabbed list: the order and its last event. */
export interface ListRow {
	id: string
	name: string
	reference: string | null
	event: string | null
	at: string | null
	zone: string | null
}

/** The most rows the API answers at once (its `limit`). */
const API_LIMIT = 100

/** One read of a tab's list: `limit` rows (at most the API's) from `offset`, and the list's total. */
async function readRows(
	scm: ScmClient,
	tab: DashboardTab,
	offset: number,
	limit: number,
): Promise<{ rows: ListRow[]; total: number }> {
	const toRow = (s: {
		id: string
		name: string
		referenceNumber: string | null
		lastStatus: { title: string; eventAt: string; timezoneName: string | null } | null
	}): ListRow => ({
		id: s.id,
		name: s.name,
		reference: s.referenceNumber,
		event: s.lastStatus?.title ?? null,
		at: s.lastStatus?.eventAt ?? null,
		zone: s.lastStatus?.timezoneName ?? null,
	})
	if (tab === 'following') {
		const r = await scm.dashboard.following(offset, limit)
		return { rows: r.following.map((f) => toRow(f.shipSet)), total: r.totalCount }
	}
	if (tab === 'recently_viewed') {
		const r = await scm.dashboard.recentlyViewed(offset, limit)
		return { rows: r.viewed.map((v) => toRow(v.shipSet)), total: r.totalCount }
	}
	const r = await scm.dashboard.liveFeed(offset, limit)
	return {
		rows: r.liveFeed.map((l) => ({ ...toRow(l.shipSet), event: l.lastEvent, at: l.lastEventAt })),
		total: r.totalCount,
	}
}

/**
 * The first `shown` rows of a tab, for the page (`?shown=N`, the state a reload or the 'Load more'
 * link without JavaScript asks for): read in the API's largest pages, the rest once the total is known.
 */
export async function loadList(scm: ScmClient, tab: DashboardTab, shown: number) {
	const first = await readRows(scm, tab, 0, Math.min(shown, API_LIMIT))
	const upTo = Math.min(shown, first.total)
	const offsets: number[] = []
	for (let offset = API_LIMIT; offset < upTo; offset += API_LIMIT) offsets.push(offset)
	const rest = await Promise.all(
		offsets.map((offset) => readRows(scm, tab, offset, Math.min(API_LIMIT, upTo - offset))),
	)
	return { rows: [first, ...rest].flatMap((r) => r.rows), total: first.total }
}

/** The next step of a tab from `offset` (001 §4 "page by offset in steps of 10"), for 'Load more' with JavaScript. */
export async function loadListStep(scm: ScmClient, tab: DashboardTab, offset: number) {
	return { offset, ...(await readRows(scm, tab, offset, LIST_STEP)) }
}
