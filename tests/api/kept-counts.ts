import { afterAll, beforeAll, expect } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { AdvancedSearchResponse } from '../../server/search/search.contract'
import { carriers, organizations } from '../../server/db/schema'
import { searchConditions, searchPage } from '../../server/search/search.queries'
import type { SearchFilters } from '../../server/search/filters'
import { createApiKey } from '../../server/auth/machine-keys'
import { createHarness, type Harness } from './harness'

/**
 * What the tests of the search read model's kept counts share (search_location_counts,
 * search_day_counts, search_place_counts: tests/api/search-location-counts.test.ts and
 * search-kept-counts.test.ts): a fresh database with the demo data, Olivia's calls, an acme
 * machine key's ingestion, the advanced search, and the drift of a kept count from grouping
 * search_rows. Call it at the top of the file: it registers the suite's beforeAll/afterAll.
 */
export function keptCountsSuite() {
	const suite = {} as { h: Harness; olivia: string; acmeKey: string; acme: string }
	beforeAll(async () => {
		suite.h = await createHarness()
		suite.olivia = await suite.h.tokenFor('olivia@acme.test')
		suite.acmeKey = (
			await createApiKey(suite.h.db, 'acme', 'erp', ['orders:write', 'events:write'])
		).key
		const [org] = await suite.h.db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, 'acme'))
		suite.acme = org!.id
	})
	afterAll(async () => {
		await suite.h?.close()
	})
	const asOlivia = (path: string, init: { method?: string; body?: unknown } = {}) =>
		suite.h.call(path, { token: suite.olivia, supplyChain: 'acme', ...init })
	const ingest = (body: unknown) =>
		suite.h.call('/api/ingest/1.0/batches', {
			method: 'POST',
			headers: { Authorization: `Bearer ${suite.acmeKey}` },
			body,
		})
	const search = async (query: string) => {
		const res = await asOlivia(`/api/web/search/advanced_search_beta?per_page=100&${query}`)
		expect(res.status, JSON.stringify(res.body)).toBe(200)
		return AdvancedSearchResponse.parse(res.body)
	}
	/**
	 * The rows of a kept count `table` whose count differs from grouping search_rows by what its keys
	 * function `keys(r)` gives for each row, keyed by `columns` (empty when the count is true).
	 */
	const drift = async (table: string, keys: string, columns: string[]) => {
		const cols = columns.join(', ')
		const kcols = columns.map((c) => `k.${c}`).join(', ')
		const groups = columns.map((_, i) => i + 2).join(', ')
		const grouped = `select r.organization_id, ${kcols}, count(*) from search_rows r, ${keys}(r) k group by 1, ${groups}`
		const kept = `select organization_id, ${cols}, rows from ${table}`
		const { rows } = await suite.h.db.execute(
			sql.raw(`(${kept} where rows <> 0 except ${grouped}) union all (${grouped} except ${kept})`),
		)
		return rows
	}
	/** How many rows of acme's search_rows the filters match, counted row by row. */
	const scanned = async (f: SearchFilters) =>
		(
			await suite.h.db.execute<{ n: number }>(
				sql`select count(*)::int as n from search_rows r where ${searchConditions(suite.acme, f)}`,
			)
		).rows[0]!.n
	const carrierId = async (name: string) => {
		const [c] = await suite.h.db
			.select({ id: carriers.id })
			.from(carriers)
			.where(and(eq(carriers.organizationId, suite.acme), eq(carriers.name, name)))
		return c!.id
	}
	/** Each filter's pages in the default sort, both directions, are the rows of sorting every match; the count is exact. */
	const expectPagesAsSorted = async (filters: SearchFilters[], pages: number[]) => {
		for (const f of filters) {
			for (const direction of ['asc', 'desc'] as const) {
				for (const page of pages) {
					const dir = sql.raw(direction)
					const { rows } = await suite.h.db.execute<{
						id: string
					}>(sql`select coalesce(r.shipment_id, r.ship_set_id) as id from search_rows r where ${searchConditions(suite.acme, f)}
						order by r.ship_set_name ${dir}, r.ship_set_id ${dir}, r.row_key ${dir} limit 10 offset ${(page - 1) * 10}`)
					const got = await searchPage(
						suite.h.db,
						suite.acme,
						f,
						{ column: 'order_number', direction },
						{ page, perPage: 10 },
					)
					expect(
						got.rows.map((r) => r.id),
						`${JSON.stringify(f)} ${direction} ${page}`,
					).toEqual(rows.map((r) => r.id))
					expect(got.count).toBe(await scanned(f))
				}
			}
		}
	}
	return { suite, asOlivia, ingest, search, drift, scanned, carrierId, expectPagesAsSorted }
}
