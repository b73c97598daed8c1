import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
	AdvancedSearchResponse,
	CustomAttributeTypeListResponse,
	QuickSearchResponse,
	SearchFormListsResponse,
} from '../../server/search/search.contract'
import { eq } from 'drizzle-orm'
import { organizations } from '../../server/db/schema'
import { exportBatches } from '../../server/search/search.queries'
import { csvCell } from '../../server/search/csv'
import { parse } from 'csv-parse/sync'
import { formatDay, formatDayTime } from '../../server/shared/dates'
import { setToggle } from '../../server/toggles/store'
import { ToggleName } from '../../server/toggles/toggles.contract'
import { shipmentDate } from '../../app/routes/search/results'
import type { SearchFilters } from '../../server/search/filters'
import { createHarness, type Harness } from './harness'

let h: Harness
let olivia: string
let gary: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	gary = await h.tokenFor('gary@globex.test')
})
afterAll(async () => {
	await h?.close()
})

const acme = (path: string) => h.call(path, { token: olivia, supplyChain: 'acme' })
const advanced = async (query: string) => {
	const res = await acme(`/api/web/search/advanced_search_beta?${query}`)
	expect(res.status, JSON.stringify(res.body)).toBe(200)
	return AdvancedSearchResponse.parse(res.body)
}
const quick = async (query: string, token = olivia, supplyChain = 'acme') => {
	const res = await h.call(`/api/web/search/quick_search?${query}`, { token, supplyChain })
	expect(res.status, JSON.stringify(res.body)).toBe(200)
	return QuickSearchResponse.parse(res.body)
}
const csv = async (path: string, token = olivia) => {
	const res = await h.api.fetch(
		new Request(new URL(path, 'http://scm.internal'), {
			headers: { Authorization: `Bearer ${token}`, 'X-Supply-Chain': 'acme' },
		}),
	)
	return { res, text: await res.text() }
}

const SO_10 = Array.from({ length: 19 }, (_, i) => `SO-10${String(i + 1).padStart(2, '0')}`)

describe('quick search', () => {
	it('SO-10 matches exactly SO-1001 … SO-1019 by order number prefix, ten a page', async () => {
		const first = await quick('qs_query_string=SO-10')
		expect(first.matched_on).toBe('order_number')
		expect(first.ship_set_count).toBe(19)
		expect(first.ship_sets).toHaveLength(10)
		const names = new Set<string>()
		const pages = Math.ceil(first.count / 10)
		for (let page = 1; page <= pages; page++) {
			const p = await quick(`qs_query_string=SO-10&page_no=${page}&per_page=10`)
			for (const row of p.ship_sets) names.add(row.ship_set_name)
		}
		expect([...names].sort()).toEqual(SO_10)
		// default order: order number ascending
		expect(first.ship_sets[0]!.ship_set_name).toBe('SO-1001')
	})
	it('PO-7781 matches exactly two orders by reference', async () => {
		const r = await quick('qs_query_string=PO-7781')
		expect(r.matched_on).toBe('reference_number')
		expect(r.ship_set_count).toBe(2)
		expect(new Set(r.ship_sets.map((s) => s.ship_set_name))).toEqual(
			new Set(['SO-1001', 'SO-1002']),
		)
	})
	it('a tracking number finds its order, one row', async () => {
		const r = await quick('order_number=1Z999AA10123456784')
		expect(r.matched_on).toBe('tracking_number')
		expect(r.ship_set_count).toBe(1)
		expect(r.ship_sets.map((s) => [s.ship_set_name, s.tracking_number])).toEqual([
			['SO-1001', '1Z999AA10123456784'],
		])
	})
	it('SO-1004 is one order; nonsense is nothing', async () => {
		expect((await quick('qs_query_string=SO-1004')).ship_set_count).toBe(1)
		const none = await quick('qs_query_string=NOPE-424242')
		expect(none).toEqual({ ship_sets: [], count: 0, ship_set_count: 0, matched_on: null })
	})
	it('globex never sees acme rows', async () => {
		for (const q of ['SO-10', 'PO-7781', '1Z999AA10123456784']) {
			expect((await quick(`qs_query_string=${q}`, gary, 'globex')).count).toBe(0)
		}
		const all = await h.call('/api/web/search/advanced_search_beta?per_page=100', {
			token: gary,
			supplyChain: 'globex',
		})
		const rows = AdvancedSearchResponse.parse(all.body).data
		expect(rows.length).toBeGreaterThan(0)
		expect(rows.some((r) => r.ship_set_name.startsWith('SO-'))).toBe(false)
		// and cannot borrow acme's supply chain
		expect(
			(
				await h.call('/api/web/search/quick_search?qs_query_string=SO-10', {
					token: gary,
					supplyChain: 'acme',
				})
			).status,
		).toBe(403)
	})
})

describe('advanced search', () => {
	it('answers every list of the form in one call, each as its own endpoint answers it', async () => {
		const body = async (path: string) => {
			const res = await acme(path)
			expect(res.status, JSON.stringify(res.body)).toBe(200)
			return res.body as Record<string, unknown>
		}
		const lists = SearchFormListsResponse.parse(await body('/api/web/search/form_lists'))
		expect(lists.carrier_names.length).toBeGreaterThan(0)
		expect(lists.tags.length).toBeGreaterThan(0)
		expect(lists.order_locations.length).toBeGreaterThan(0)
		expect(lists.custom_attribute_types.length).toBeGreaterThan(0)
		expect(lists).toEqual({
			...(await body('/api/web/carriers/names')),
			...(await body('/api/web/carriers/conveyance_types')),
			...(await body('/api/web/tags')),
			order_locations: (await body('/api/web/locations?level=order')).locations,
			origin_locations: (await body('/api/web/locations?level=shipment')).locations,
			...(await body(
				'/api/web/custom_attribute_type/list?data_types[]=string&data_types[]=string_array&data_types[]=integer',
			)),
		})
	})
	it('rows carry the spec fields; final mile is t/f', async () => {
		const r = await advanced('order_number=SO-1001')
		expect(r.count).toBe(2)
		const tracking = r.data.map((d) => d.tracking_number).sort()
		expect(tracking).toEqual(['1Z999AA10123456784', '9400111899223197428490'])
		expect(r.data.map((d) => d.final_mile).sort()).toEqual(['f', 't'])
		expect(r.data[0]).toMatchObject({ ship_set_name: 'SO-1001', reference_number: 'PO-7781' })
	})
	it('reference as a list of one; exact match only', async () => {
		const r = await advanced('reference_number[]=PO-7781')
		expect(new Set(r.data.map((d) => d.ship_set_name))).toEqual(new Set(['SO-1001', 'SO-1002']))
		expect((await advanced('reference_number[]=PO-778')).count).toBe(0)
		// as typed in lower case, like order, pallet, carton and tracking numbers (and the quick search with it)
		expect(
			new Set((await advanced('reference_number[]=po-7781')).data.map((d) => d.ship_set_name)),
		).toEqual(new Set(['SO-1001', 'SO-1002']))
		const typed = await quick('qs_query_string=po-7781')
		expect([typed.matched_on, typed.ship_set_count]).toEqual(['reference_number', 2])
	})
	it('shipment filters narrow the rows; final mile yes/no', async () => {
		const yes = await advanced('order_number=SO-1001&final_mile=yes')
		expect(yes.data.map((d) => d.final_mile)).toEqual(['t'])
		const no = await advanced('order_number=SO-1001&final_mile=no')
		expect(no.data.map((d) => d.final_mile)).toEqual(['f'])
	})
	it('sorts by any column both ways, stable by id', async () => {
		const asc = await advanced('order_number=SO-10&per_page=100&order=order_number&order_by=asc')
		const desc = await advanced('order_number=SO-10&per_page=100&order=order_number&order_by=desc')
		expect(asc.data.map((d) => d.id)).toEqual(desc.data.map((d) => d.id).reverse())
		const byStatus = await advanced('order_number=SO-10&per_page=100&order=status_at&order_by=desc')
		expect(byStatus.count).toBe(asc.count)
	})
	it('date range, customer name, tags and locations', async () => {
		const all = await advanced('order_number=SO-10&per_page=100')
		// The range is in the shipment's own days, the date the table shows (000 §2 "a local short date").
		const shown = (d: { shipped_at: string | null; shipped_at_tz: string | null }) => {
			const [m, dd, y] = shipmentDate(d.shipped_at, d.shipped_at_tz).split('/')
			return `${y}-${m}-${dd}`
		}
		const dated = all.data.filter((d) => d.shipped_at)
		// SO-1017 left at midnight UTC from Mexico City: the evening before, there.
		const late = dated.find((d) => shown(d) !== d.shipped_at!.slice(0, 10))!
		expect(late).toBeDefined()
		for (const row of [dated[0]!, late]) {
			const day = shown(row)
			const inRange = await advanced(
				`order_number=SO-10&per_page=100&shipment_date_start=${day}&shipment_date_end=${day}`,
			)
			expect(inRange.data.map((d) => d.id)).toContain(row.id)
			expect(inRange.data.every((d) => shown(d) === day)).toBe(true)
		}
		const utcDay = late.shipped_at!.slice(0, 10)
		const utcRange = await advanced(
			`order_number=SO-10&per_page=100&shipment_date_start=${utcDay}&shipment_date_end=${utcDay}`,
		)
		expect(utcRange.data.map((d) => d.id)).not.toContain(late.id)
		const located = all.data.find((d) => d.location)!
		const part = located.location!.slice(1, 5)
		const byName = await advanced(
			`customer_name=${encodeURIComponent(part.toLowerCase())}&per_page=100`,
		)
		expect(byName.data.map((d) => d.id)).toContain(located.id)
		expect(byName.data.every((d) => d.location?.toLowerCase().includes(part.toLowerCase()))).toBe(
			true,
		)
	})
	it('custom attribute type and value go together', async () => {
		const types = CustomAttributeTypeListResponse.parse(
			(
				await acme(
					'/api/web/custom_attribute_type/list?object_type=ship_set&data_types[]=string&data_types[]=string_array&data_types[]=integer',
				)
			).body,
		).custom_attribute_types
		expect(types.length).toBeGreaterThan(0)
		const bad = await acme(
			`/api/web/search/advanced_search_beta?custom_attribute_type=${types[0]!.id}`,
		)
		expect(bad.status).toBe(400)
		expect(bad.body?.error).toMatch(/^custom_attribute:/)
	})
	it("custom order detail: an order's attribute or a shipment's (000 §7: the newer form lists every object type)", async () => {
		const list = async (query: string) =>
			CustomAttributeTypeListResponse.parse(
				(await acme(`/api/web/custom_attribute_type/list?${query}`)).body,
			).custom_attribute_types
		const newer = await list('data_types[]=string&data_types[]=string_array&data_types[]=integer')
		const older = await list('object_type=ship_set&data_type=string')
		const names = (l: { name: string }[]) => l.map((t) => t.name)
		expect(names(newer)).toEqual(
			expect.arrayContaining(['Incoterms', 'Seal Number', 'Product Lines', 'Priority']),
		)
		expect(names(older)).toContain('Incoterms')
		expect(names(older)).not.toContain('Seal Number')
		expect(names(newer)).not.toContain('Contract Date') // a date type: not among the newer form's data types
		const id = (name: string) => newer.find((t) => t.name === name)!.id

		// SO-1001's UPS shipment carries Seal Number SL4410021: that shipment's row only.
		const seal = await advanced(
			`custom_attribute_type=${id('Seal Number')}&custom_attribute=SL4410021&per_page=100`,
		)
		expect(seal.data.map((d) => [d.ship_set_name, d.tracking_number])).toEqual([
			['SO-1001', '1Z999AA10123456784'],
		])
		// An order attribute (Incoterms DAP) keeps every row of SO-1001; a string_array matches an element.
		const dap = await advanced(
			`order_number=SO-1001&custom_attribute_type=${id('Incoterms')}&custom_attribute=DAP`,
		)
		expect(dap.count).toBe(2)
		const lines = await advanced(
			`order_number=SO-1001&custom_attribute_type=${id('Product Lines')}&custom_attribute=Sensors`,
		)
		expect(lines.count).toBe(2)
		expect(
			(
				await advanced(
					`order_number=SO-1001&custom_attribute_type=${id('Incoterms')}&custom_attribute=FOB`,
				)
			).count,
		).toBe(0)
		// another organization's attribute type finds nothing of acme's
		const globexTypes = CustomAttributeTypeListResponse.parse(
			(
				await h.call('/api/web/custom_attribute_type/list?data_types[]=string', {
					token: gary,
					supplyChain: 'globex',
				})
			).body,
		).custom_attribute_types
		const globexSeal = globexTypes.find((t) => t.name === 'Seal Number')!.id
		expect(globexSeal).not.toBe(id('Seal Number'))
		expect(
			(await advanced(`custom_attribute_type=${globexSeal}&custom_attribute=SL4410021`)).count,
		).toBe(0)
	})
})

describe('bad parameters answer 400 naming the field', () => {
	it.each([
		['per_page=7', /^per_page:/],
		['order=nonsense', /^order:/],
		['order_by=sideways', /^order_by:/],
		['shipment_date_start=2026-13-45', /^shipment_date_start:/],
		['shipment_date_end=yesterday', /^shipment_date_end:/],
		['carrier[]=not-an-id', /^carrier:/],
		['page_no=0', /^page_no:/],
		[
			'shipment_date_start=2026-05-01&shipment_date_end=2026-01-01',
			/^shipment_date_end: must be on or after shipment_date_start$/,
		],
	])('%s', async (query, message) => {
		const res = await acme(`/api/web/search/advanced_search_beta?order_number=SO&${query}`)
		expect(res.status).toBe(400)
		expect(res.body?.error).toMatch(message)
	})
	it('quick search too', async () => {
		const res = await acme('/api/web/search/quick_search?qs_query_string=SO-10&per_page=7')
		expect(res.status).toBe(400)
		expect(res.body?.error).toMatch(/^per_page:/)
	})
})

describe('CSV export', () => {
	it('streams every match: data rows equal the count', async () => {
		const { count } = await quick('qs_query_string=SO-10')
		const { res, text } = await csv(
			'/api/web/search/quick_search?qs_query_string=SO-10&include_download=1',
		)
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
		expect(res.headers.get('content-disposition')).toBe('attachment; filename="search_report.csv"')
		const lines = text.split('\r\n').filter(Boolean)
		expect(lines[0]).toBe(
			'id,ship_set_id,shipment_id,ship_set_name,reference_number,carrier_name,tracking_number,shipped_at,shipped_at_tz,shipment_status,status_name,status_at,timezone,location,final_mile,conveyance_type',
		)
		expect(lines.length - 1).toBe(count)
	})
	it('writes the dates as the results table shows them, with their zone, and final mile as Yes/No (000 §2 "Result row")', async () => {
		const { data } = await advanced('order_number=SO-10&per_page=100')
		const exported = async () =>
			parse(
				(await csv('/api/web/search/advanced_search_beta?order_number=SO-10&include_download=1'))
					.text,
				{ columns: true },
			) as Record<string, string>[]
		const rows = await exported()
		expect(rows.length).toBe(data.length)
		const byId = new Map(data.map((d) => [d.id, d]))
		for (const cells of rows) {
			const row = byId.get(cells.id!)!
			// The shipment-date local-timezone fix is on for acme: the shipment's own day.
			expect(cells.shipped_at).toBe(
				row.shipped_at ? formatDay(row.shipped_at, row.shipped_at_tz) : '',
			)
			expect(cells.status_at).toBe(row.status_at ? formatDayTime(row.status_at, row.timezone) : '')
			expect(cells.final_mile).toBe(
				row.final_mile === 't' ? 'Yes' : row.final_mile === 'f' ? 'No' : '',
			)
		}
		const dated = rows.filter((r) => r.status_at)
		expect(dated.length).toBeGreaterThan(0)
		for (const r of dated) expect(r.status_at).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M [A-Z]/)
		expect(rows.some((r) => r.final_mile === 'Yes')).toBe(true)
		// With the fix off the table shows the UTC date, and so does the file.
		await setToggle(h.db, ToggleName.shipmentDateLocalTimezoneFix, false, 'acme')
		try {
			for (const cells of await exported()) {
				const row = byId.get(cells.id!)!
				expect(cells.shipped_at).toBe(row.shipped_at ? formatDay(row.shipped_at, 'UTC') : '')
			}
		} finally {
			await setToggle(h.db, ToggleName.shipmentDateLocalTimezoneFix, true, 'acme')
		}
	})
	it('reads all rows across keyset batches, each once', async () => {
		const { count } = await advanced('per_page=10')
		const { text } = await csv(
			'/api/web/search/advanced_search_beta?include_download=1&order=shipped_at&order_by=desc',
		)
		const ids = text
			.split('\r\n')
			.filter(Boolean)
			.slice(1)
			.map((l) => l.split(',')[0])
		expect(count).toBeGreaterThan(300)
		expect(ids.length).toBe(count)
		expect(new Set(ids).size).toBe(count)
	})
	it('export batches neither repeat nor skip rows, in order number order either way, whatever the filter', async () => {
		const [org] = await h.db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, 'acme'))
		const cases: [string, SearchFilters][] = [
			['order_number=SO-10', { orderNumber: 'SO-10' }],
			['order_number=SO-10&final_mile=no', { orderNumber: 'SO-10', finalMile: false }],
			['order_number=SO-1&customer_name=a', { orderNumber: 'SO-1', customerName: 'a' }],
		]
		for (const [query, filters] of cases) {
			for (const direction of ['asc', 'desc'] as const) {
				const ids: string[] = []
				for await (const batch of exportBatches(h.db, org!.id, filters, direction, 3))
					ids.push(...batch.map((r) => r.id))
				const page = await advanced(
					`${query}&per_page=100&order=order_number&order_by=${direction}`,
				)
				expect(page.count).toBeGreaterThan(3)
				expect(ids, `${query} ${direction}`).toEqual(page.data.map((d) => d.id))
			}
		}
	})
	it('the file follows the table when sorted by order number, else order number ascending', async () => {
		const names = async (query: string) =>
			(
				await csv(
					`/api/web/search/advanced_search_beta?order_number=SO-10&include_download=1&${query}`,
				)
			).text
				.split('\r\n')
				.filter(Boolean)
				.slice(1)
				.map((l) => l.split(',')[3])
		const desc = await names('order=order_number&order_by=desc')
		expect(desc[0]).toBe('SO-1019')
		expect(desc).toEqual([...desc].sort().reverse())
		const byDate = await names('order=shipped_at&order_by=desc')
		expect(byDate).toEqual([...byDate].sort())
	})
	it('escapes cells that a spreadsheet would run as formulas', () => {
		expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
		expect(csvCell('-1')).toBe("'-1")
	})
	it('is rate limited per user (429 with Retry-After)', async () => {
		const victor = await h.tokenFor('victor@acme.test')
		const statuses: number[] = []
		let retryAfter: string | null = null
		for (let i = 0; i < 6; i++) {
			const { res } = await csv(
				'/api/web/search/quick_search?qs_query_string=SO-1004&include_download=1',
				victor,
			)
			statuses.push(res.status)
			retryAfter = res.headers.get('retry-after')
		}
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
		expect(Number(retryAfter)).toBeGreaterThan(0)
	})
})
