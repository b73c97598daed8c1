import { afterAll, beforeAll, expect } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { AdvancedSearchResponse } from '../../server/contracts/search'
import { organizations } from '../../server/db/schema'
import { createApiKey } from '../../server/api/machine-keys'
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
		suite.acmeKey = (await createApiKey(suite.h.db, 'acme', 'erp', ['orders:write', 'events:write'])).key
		const [org] = await suite.h.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, 'acme'))
		suite.acme = org!.id
	})
	afterAll(async () => {
		await suite.h?.close()
	})
	const asOlivia = (path: string, init: { method?: string; body?: unknown } = {}) =>
		suite.h.call(path, { token: suite.olivia, supplyChain: 'acme', ...init })
	const ingest = (body: unknown) =>
		suite.h.call('/api/ingest/1.0/batches', { method: 'POST', headers: { Authorization: `Bearer ${suite.acmeKey}` }, body })
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
		const { rows } = await suite.h.db.execute(sql.raw(`(${kept} where rows <> 0 except ${grouped}) union all (${grouped} except ${kept})`))
		return rows
	}
	return { suite, asOlivia, ingest, search, drift }
}
