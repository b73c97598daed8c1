import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import {
	AverageTimeResponse,
	CarrierAverageDaysResponse,
	CarrierLateOnTimeResponse,
	CarrierTrendsResponse,
	IssuesLogReportResponse,
	IssuesLogResponse,
	LateVsOnTimeResponse,
	OrdersFollowingResponse,
	OrdersRecentlyViewedResponse,
	WITHOUT_UPDATES_COUNT_CAP,
	WithoutUpdatesResponse,
} from '../../server/dashboard/widgets.contract'
import { createHarness, type Harness } from './harness'

/**
 * The dashboard's widgets (001 §2, §7) against the demo data: each aggregate the API reads from
 * its rollups equals a direct count over ship_sets and shipments, before and after new writes
 * (the triggers keep the rollups true), and each filter, limit and refusal holds.
 */

let h: Harness
let olivia: string
let acme: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	acme = await orgId('acme')
})
afterAll(async () => {
	await h?.close()
})

async function orgId(slug: string) {
	const { rows } = await h.db.execute<{ id: string }>(
		sql`select id from organizations where slug = ${slug}`,
	)
	return rows[0]!.id
}

async function direct<T>(query: ReturnType<typeof sql>): Promise<T[]> {
	return (await h.db.execute(query)).rows as T[]
}

const get = async (path: string, token = olivia, supplyChain = 'acme') => {
	const res = await h.call(path, { token, supplyChain })
	if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`)
	return res.body
}

const windowStart = (months: number) =>
	sql`(date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${months - 1}))`
const utcDay = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`)

/** Late vs On Time, counted over ship_sets. */
async function lateOnTimeDirect(org: string, months: number, orderType?: string) {
	const [r] = await direct<{ late: number; on_time: number }>(
		sql`select count(*) filter (where shipment_delivery_status = 'late')::int as late,
			count(*) filter (where shipment_delivery_status = 'on_time')::int as on_time
			from ship_sets where organization_id = ${org} and status = 'delivered' and delivered_at is not null
			and ${utcDay('delivered_at')} >= ${windowStart(months)} ${orderType ? sql`and order_type_id = ${orderType}` : sql``}`,
	)
	return r!
}

/** Average Order Time per month, computed over ship_sets. */
async function averageDirect(org: string, months: number) {
	return direct<{ month: string; hours: number; n: number }>(
		sql`select to_char(${utcDay('delivered_at')}, 'YYYY-MM') as month,
			avg(extract(epoch from delivered_at - coalesce(first_event_at, created_at)) / 3600)::float8 as hours, count(*)::int as n
			from ship_sets where organization_id = ${org} and status = 'delivered' and delivered_at is not null
			and delivered_at >= coalesce(first_event_at, created_at) and ${utcDay('delivered_at')} >= ${windowStart(months)}
			group by 1 order by 1`,
	)
}

/** Open issues by type and age bucket, counted over shipments. */
async function issuesDirect(
	org: string,
	opts: { before?: number; carrierDescription?: string } = {},
) {
	return direct<{ status_type_name: string; days: number; count: number; delivery_value: number }>(
		sql`select t.name as status_type_name,
				case when a.age <= 1 then 1 when a.age <= 3 then 3 when a.age <= 5 then 5 else 6 end as days,
				count(*)::int as count, round(coalesce(sum(o.delivery_value), 0), 2)::float8 as delivery_value
			from shipments s join ship_sets o on o.id = s.ship_set_id join substatus_types t on t.id = s.substatus_type_id
			left join carriers c on c.id = s.carrier_id
			cross join lateral (select (now() at time zone 'UTC')::date - ${utcDay('coalesce(s.substatus_at, s.created_at)')} as age) a
			where s.organization_id = ${org} and s.status in ('pending', 'in_transit')
			${opts.before ? sql`and a.age <= ${opts.before}` : sql``}
			${opts.carrierDescription ? sql`and c.description = ${opts.carrierDescription}` : sql``}
			group by 1, 2 order by 1, 2`,
	)
}

/** Shipments delivered late and on time per carrier since the start of this `duration`. */
async function carrierDirect(org: string, duration: 'month' | 'quarter' | 'year') {
	return direct<{ carrier: string; late: number; on_time: number }>(
		sql`select c.name as carrier, count(*) filter (where s.late)::int as late, count(*) filter (where not s.late)::int as on_time
			from shipments s join carriers c on c.id = s.carrier_id
			where s.organization_id = ${org} and s.status = 'delivered' and s.delivered_at is not null
			and ${utcDay('s.delivered_at')} >= date_trunc(${duration}, now() at time zone 'UTC')::date
			group by c.name order by c.name`,
	)
}

async function withoutUpdatesDirect(org: string, before: number) {
	const [r] = await direct<{ n: number }>(
		sql`select count(*)::int as n from ship_sets where organization_id = ${org} and status = 'in_transit'
			and last_event_at < now() - make_interval(days => ${before})`,
	)
	return r!.n
}

/** Every aggregate of the API equals its direct count, for acme as Olivia sees it. */
async function expectAggregatesTrue() {
	for (const months of [1, 12]) {
		const api = LateVsOnTimeResponse.parse(
			await get(`/api/dashboard/orders/late-vs-ontime?months=${months}`),
		)
		const d = await lateOnTimeDirect(acme, months)
		expect(api.delivery_status).toEqual([
			{ status: 'late', count: d.late },
			{ status: 'on_time', count: d.on_time },
		])
		expect(api.total).toBe(d.late + d.on_time)
	}
	const avg = AverageTimeResponse.parse(await get('/api/web/orders/average-time?months=12'))
	const avgDirect = await averageDirect(acme, 12)
	const withData = avg.months.filter((m) => m.count > 0)
	expect(withData.map((m) => [m.month, m.count])).toEqual(avgDirect.map((m) => [m.month, m.n]))
	withData.forEach((m, i) => expect(m.value).toBeCloseTo(avgDirect[i]!.hours, 6))
	const issues = IssuesLogResponse.parse(await get('/api/web/shipments/issues-log')).issues_log
	expect(issues).toEqual(await issuesDirect(acme))
	for (const duration of ['month', 'year'] as const) {
		const api = CarrierLateOnTimeResponse.parse(
			await get(`/api/dashboard/carriers/late-ontime-shipments?duration=${duration}`),
		)
		const d = await carrierDirect(acme, duration)
		expect(api.late_shipments.carriers).toEqual(
			d.filter((r) => r.late > 0).map((r) => ({ carrier: r.carrier, count: r.late })),
		)
		expect(api.on_time_shipments.carriers).toEqual(
			d.filter((r) => r.on_time > 0).map((r) => ({ carrier: r.carrier, count: r.on_time })),
		)
	}
	const quiet = WithoutUpdatesResponse.parse(await get('/api/web/orders/without-updates?before=2'))
	expect(quiet.total).toBe(Math.min(WITHOUT_UPDATES_COUNT_CAP, await withoutUpdatesDirect(acme, 2)))
}

describe('aggregates equal direct counts over the demo data', () => {
	it('has data for every widget, for acme and for globex', async () => {
		const gary = await h.tokenFor('gary@globex.test')
		for (const [token, chain] of [
			[olivia, 'acme'],
			[gary, 'globex'],
		] as const) {
			const late = LateVsOnTimeResponse.parse(
				await get('/api/dashboard/orders/late-vs-ontime', token, chain),
			)
			expect(
				late.delivery_status.every((s) => s.count > 0),
				`${chain}: late and on-time deliveries`,
			).toBe(true)
			const avg = AverageTimeResponse.parse(await get('/api/web/orders/average-time', token, chain))
			expect(avg.months).toHaveLength(12)
			expect(avg.average).toBeGreaterThan(0)
			const issues = IssuesLogResponse.parse(
				await get('/api/web/shipments/issues-log', token, chain),
			).issues_log
			expect(new Set(issues.map((i) => i.days)), `${chain}: issues of every age`).toEqual(
				new Set([1, 3, 5, 6]),
			)
			const quiet = WithoutUpdatesResponse.parse(
				await get('/api/web/orders/without-updates?before=2', token, chain),
			)
			expect(quiet.total, `${chain}: quiet in-transit orders`).toBeGreaterThan(0)
			const trends = CarrierTrendsResponse.parse(
				await get('/api/dashboard/carriers/trends?duration=month&limit=50', token, chain),
			)
			expect(
				trends.carriers.some((t) => t.on_time_trend > 0),
				`${chain}: a trend up`,
			).toBe(true)
			expect(
				trends.carriers.some((t) => t.on_time_trend < 0),
				`${chain}: a trend down`,
			).toBe(true)
			const byCarrier = CarrierAverageDaysResponse.parse(
				await get('/api/web/orders/carrier-average-days?months=6&conveyance_type=0', token, chain),
			)
			expect(byCarrier.months.length).toBeGreaterThan(0)
		}
	})

	it('Late vs On Time, Average Order Time, Issues Log, carriers and quiet orders', async () => {
		await expectAggregatesTrue()
	})

	it('the filters narrow the numbers: order type, carrier description, before', async () => {
		const [type] = await direct<{ id: string }>(
			sql`select order_type_id as id from ship_sets where organization_id = ${acme} and status = 'delivered' and order_type_id is not null
				group by 1 order by count(*) desc limit 1`,
		)
		const all = LateVsOnTimeResponse.parse(
			await get('/api/dashboard/orders/late-vs-ontime?months=12'),
		)
		const one = LateVsOnTimeResponse.parse(
			await get(`/api/dashboard/orders/late-vs-ontime?months=12&order_type=${type!.id}`),
		)
		const d = await lateOnTimeDirect(acme, 12, type!.id)
		expect(one.total).toBe(d.late + d.on_time)
		expect(one.total).toBeLessThan(all.total)
		// 001 §5: "The 'Any' choice in the carrier and order-type filters is sent as an empty string."
		expect(
			LateVsOnTimeResponse.parse(
				await get('/api/dashboard/orders/late-vs-ontime?months=12&order_type='),
			),
		).toEqual(all)

		const recent = IssuesLogResponse.parse(
			await get('/api/web/shipments/issues-log-v2?before=2'),
		).issues_log
		expect(recent).toEqual(await issuesDirect(acme, { before: 2 }))
		expect(recent.every((r) => r.days <= 3)).toBe(true)
		const [description] = await direct<{ d: string }>(
			sql`select description as d from carriers where organization_id = ${acme} and code like 'UPS%' limit 1`,
		)
		const ups = IssuesLogResponse.parse(
			await get(
				`/api/web/shipments/issues-log?carrier_description=${encodeURIComponent(description!.d)}`,
			),
		).issues_log
		expect(ups).toEqual(await issuesDirect(acme, { carrierDescription: description!.d }))

		const two = WithoutUpdatesResponse.parse(
			await get('/api/web/orders/without-updates?before=2&limit=50'),
		)
		const fourteen = WithoutUpdatesResponse.parse(
			await get('/api/web/orders/without-updates?before=14&limit=50'),
		)
		expect(fourteen.total).toBe(
			Math.min(WITHOUT_UPDATES_COUNT_CAP, await withoutUpdatesDirect(acme, 14)),
		)
		expect(fourteen.total).toBeLessThan(two.total)
		// Quietest first.
		const times = two.orders.map((o) => o.last_event_at!)
		expect(times).toEqual([...times].sort())
	})

	it('carrier trends: percentages and points from the current and previous periods', async () => {
		const trends = CarrierTrendsResponse.parse(
			await get('/api/dashboard/carriers/trends?duration=quarter&limit=50'),
		)
		for (const t of trends.carriers) {
			const pct = (on: number, total: number) => (total ? (on / total) * 100 : 0)
			expect(t.on_time_percentage).toBeCloseTo(pct(t.current_on_time, t.current_total), 9)
			if (t.current_total && t.previous_total)
				expect(t.on_time_trend).toBeCloseTo(
					pct(t.current_on_time, t.current_total) - pct(t.previous_on_time, t.previous_total),
					9,
				)
			expect(t.late_trend).toBeCloseTo(-t.on_time_trend, 9)
		}
		// 5 a page (001 §9 "trends page size 5"): the second page starts where the first ended.
		const first = CarrierTrendsResponse.parse(
			await get('/api/dashboard/carriers/trends?duration=quarter'),
		)
		const second = CarrierTrendsResponse.parse(
			await get('/api/dashboard/carriers/trends?duration=quarter&offset=5'),
		)
		expect(first.carriers).toHaveLength(Math.min(5, trends.total))
		expect(second.offset).toBe(5)
		expect([...first.carriers, ...second.carriers].map((c) => c.carrier)).toEqual(
			trends.carriers
				.slice(0, first.carriers.length + second.carriers.length)
				.map((c) => c.carrier),
		)
		const [ids] = await direct<{ id: string }>(
			sql`select id from carriers where organization_id = ${acme} order by code limit 1`,
		)
		const one = CarrierTrendsResponse.parse(
			await get(`/api/dashboard/carriers/trends?duration=year&carriers=${ids!.id}`),
		)
		expect(one.total).toBeLessThanOrEqual(1)
	})
})

describe('the rollups stay true after writes', () => {
	it('an order delivered, an issue raised and cleared, an order type changed, a shipment added, an order deleted', async () => {
		const [quiet] = await direct<{ id: string }>(
			sql`select id from ship_sets where organization_id = ${acme} and status = 'in_transit' and name like 'SO-2%' order by name limit 1`,
		)
		// Delivered now, late.
		await h.db.execute(
			sql`update ship_sets set status = 'delivered', delivered_at = now(), shipment_delivery_status = 'late' where id = ${quiet!.id}`,
		)
		await h.db.execute(
			sql`update shipments set status = 'delivered', delivered_at = now(), late = true where ship_set_id = ${quiet!.id}`,
		)
		// An issue raised today on another in-transit shipment, and one cleared.
		const [issueType] = await direct<{ id: string }>(
			sql`select s.id from substatus_types s join status_types t on t.id = s.status_type_id where t.code = 3 order by s.name limit 1`,
		)
		await h.db.execute(
			sql`update shipments set substatus_type_id = ${issueType!.id}, substatus_at = now() where id = (
				select id from shipments where organization_id = ${acme} and status = 'in_transit' and substatus_type_id is null order by id limit 1)`,
		)
		await h.db.execute(
			sql`update shipments set substatus_type_id = null, substatus_at = null where id = (
				select id from shipments where organization_id = ${acme} and status = 'in_transit' and substatus_type_id is not null order by id limit 1)`,
		)
		// The order type and value of an order with an open issue.
		await h.db.execute(
			sql`update ship_sets set order_type_id = null, delivery_value = delivery_value + 1000 where id = (
				select ship_set_id from shipments where organization_id = ${acme} and status = 'in_transit' and substatus_type_id is not null order by id limit 1)`,
		)
		// A delivered shipment added to a delivered order, through the API's own table.
		const [carrier] = await direct<{ id: string }>(
			sql`select id from carriers where organization_id = ${acme} order by code limit 1`,
		)
		await h.db.execute(
			sql`insert into shipments (organization_id, ship_set_id, carrier_id, status, shipped_at, delivered_at, late)
				values (${acme}, ${quiet!.id}, ${carrier!.id}, 'delivered', now() - interval '3 days', now(), false)`,
		)
		// An order with an open issue deleted, its shipments with it.
		await h.db.execute(
			sql`delete from ship_sets where id = (
				select ship_set_id from shipments where organization_id = ${acme} and status = 'in_transit' and substatus_type_id is not null
				and ship_set_id in (select id from ship_sets where name like 'SO-2%') order by id desc limit 1)`,
		)
		await expectAggregatesTrue()
		// And a rebuild from scratch agrees with what the triggers kept.
		const before = await direct(
			sql`select * from dashboard_issue_days where organization_id = ${acme} and issues <> 0 order by 1, 2, 3, 4, 5`,
		)
		await h.db.execute(sql`select rebuild_dashboard_rollups(${acme})`)
		expect(
			await direct(
				sql`select * from dashboard_issue_days where organization_id = ${acme} and issues <> 0 order by 1, 2, 3, 4, 5`,
			),
		).toEqual(before)
	})
})

describe('lists', () => {
	it('Following: 5 a page with the total; Recently Viewed: an object of orders, most recent first', async () => {
		const page = OrdersFollowingResponse.parse(
			await get('/api/web/orders/following?limit=5&offset=0'),
		)
		expect(page.total).toBeGreaterThanOrEqual(2)
		expect(page.orders.map((o) => o.ship_set_name)).toEqual(
			expect.arrayContaining(['SO-1001', 'SO-1003']),
		)
		const so1001 = page.orders.find((o) => o.ship_set_name === 'SO-1001')!
		expect(so1001).toMatchObject({
			ship_set_reference_number: 'PO-7781',
			ship_set_status: 'in_transit',
		})
		expect(so1001.last_event).toBeTruthy()
		const viewed = OrdersRecentlyViewedResponse.parse(
			await get('/api/web/orders/recently-viewed?limit=10'),
		)
		expect(Object.keys(viewed)).toEqual(Object.keys(viewed).map((_, i) => String(i)))
		expect(Object.values(viewed).map((o) => o.ship_set_name)).toEqual(
			expect.arrayContaining(['SO-1001', 'SO-1002', 'SO-1007']),
		)
	})

	it('reference lists: carrier descriptions, carrier codes, issue types', async () => {
		const d = (await get('/api/web/carrier_codes/descriptions')) as {
			carrier_descriptions: string[]
		}
		expect(d.carrier_descriptions.length).toBeGreaterThan(1)
		expect(d.carrier_descriptions).toEqual([...d.carrier_descriptions].sort())
		const codes = (await get('/api/web/carrier_codes')) as { carrier_codes: { code: string }[] }
		expect(codes.carrier_codes.map((c) => c.code)).toEqual(
			[...codes.carrier_codes.map((c) => c.code)].sort(),
		)
		const types = (await get('/api/web/status_types/3/substatus_types')) as {
			substatus_types: { name: string }[]
		}
		expect(types.substatus_types.map((t) => t.name)).toContain('Weather Delay')
	})
})

describe('the Issues Log report', () => {
	it('is a CSV of the issues behind the chart, e-mailed with the file and downloadable by its maker only', async () => {
		const res = await h.call('/api/web/shipments_issues_log/report', {
			method: 'POST',
			token: olivia,
			supplyChain: 'acme',
			body: { carrier_description: '', order_type: '' },
		})
		expect(res.status).toBe(201)
		const { report } = IssuesLogReportResponse.parse(res.body)
		const chart = IssuesLogResponse.parse(await get('/api/web/shipments/issues-log')).issues_log
		expect(report.rows).toBe(chart.reduce((s, r) => s + r.count, 0))
		const file = await h.api.fetch(
			new Request(new URL(report.download_path, 'http://scm.internal'), {
				headers: { Authorization: `Bearer ${olivia}`, 'X-Supply-Chain': 'acme' },
			}),
		)
		expect(file.status).toBe(200)
		expect(file.headers.get('content-type')).toMatch(/^text\/csv/)
		const lines = (await file.text()).trim().split('\r\n')
		expect(lines[0]).toBe(
			'Order,Reference,Tracking Number,Carrier,Issue Type,Raised At (UTC),Age (days),Age Group,Delivery Value (USD)',
		)
		expect(lines).toHaveLength(report.rows + 1)
		// The rows grouped by issue type and age group are the chart's counts.
		const groups = new Map<string, number>()
		for (const line of lines.slice(1)) {
			const cells = line.split(',')
			const key = `${cells[4]}|${cells[7]}`
			groups.set(key, (groups.get(key) ?? 0) + 1)
		}
		const label = (days: number) =>
			days === 1 ? '1 day' : days <= 5 ? `${days} days` : 'More than 5 days'
		expect(Object.fromEntries(groups)).toEqual(
			Object.fromEntries(chart.map((r) => [`${r.status_type_name}|${label(r.days)}`, r.count])),
		)
		const [mail] = await direct<{
			to: string
			attachments: { filename: string; content: string }[]
		}>(
			sql`select "to", attachments from outbox_emails where subject = 'Issues Log report' order by created_at desc limit 1`,
		)
		expect(mail!.to).toBe('olivia@acme.test')
		expect(mail!.attachments[0]!.filename).toBe(report.file_name)
		expect(mail!.attachments[0]!.content.trim().split('\r\n')).toEqual(lines)
		const outbox = (await get('/api/web/outbox_emails?limit=5')) as {
			emails: { subject: string; attachments: { filename: string; size: number }[] }[]
		}
		expect(outbox.emails.find((e) => e.subject === 'Issues Log report')!.attachments).toEqual([
			{
				filename: report.file_name,
				content_type: 'text/csv',
				size: Buffer.byteLength(mail!.attachments[0]!.content),
			},
		])
		// With the chart's Before (issues raised in the last 3 days), the file lists what the v2 chart counts.
		const recent = await h.call('/api/web/shipments_issues_log/report', {
			method: 'POST',
			token: olivia,
			supplyChain: 'acme',
			body: { before: 3 },
		})
		const recentChart = IssuesLogResponse.parse(
			await get('/api/web/shipments/issues-log-v2?before=3'),
		).issues_log
		expect(IssuesLogReportResponse.parse(recent.body).report.rows).toBe(
			recentChart.reduce((s, r) => s + r.count, 0),
		)
		expect(recentChart.reduce((s, r) => s + r.count, 0)).toBeLessThan(report.rows)
		// Nobody else gets it: Gary (another tenant) and an unknown id answer 404.
		const gary = await h.tokenFor('gary@globex.test')
		expect(
			(await h.call(report.download_path, { token: gary, supplyChain: 'globex' })).status,
		).toBe(404)
		expect(
			(
				await h.call(
					'/api/web/shipments_issues_log/report/00000000-0000-4000-8000-000000000000/download',
					{ token: olivia, supplyChain: 'acme' },
				)
			).status,
		).toBe(404)
	})
})

describe('who may ask, and bad input', () => {
	it('Victor (not subscribed to DASHBOARD) gets no Issues Log; Nadia (no permission) no dashboard', async () => {
		const victor = await h.tokenFor('victor@acme.test')
		expect(
			(await h.call('/api/web/shipments/issues-log', { token: victor, supplyChain: 'acme' }))
				.status,
		).toBe(403)
		expect(
			(
				await h.call('/api/web/shipments_issues_log/report', {
					method: 'POST',
					token: victor,
					supplyChain: 'acme',
					body: {},
				})
			).status,
		).toBe(403)
		expect(
			(await h.call('/api/dashboard/orders/late-vs-ontime', { token: victor, supplyChain: 'acme' }))
				.status,
		).toBe(200)
		const nadia = await h.tokenFor('nadia@acme.test')
		expect(
			(await h.call('/api/dashboard/orders/late-vs-ontime', { token: nadia, supplyChain: 'acme' }))
				.status,
		).toBe(403)
	})

	it('the Issues Log follows its toggle for the supply chain', async () => {
		await h.db.execute(
			sql`update feature_toggles set enabled = false where name = 'web.ui.dashboard.issuesLog' and organization_id = ${acme}`,
		)
		try {
			expect(
				(await h.call('/api/web/shipments/issues-log', { token: olivia, supplyChain: 'acme' }))
					.status,
			).toBe(403)
		} finally {
			await h.db.execute(
				sql`update feature_toggles set enabled = true where name = 'web.ui.dashboard.issuesLog' and organization_id = ${acme}`,
			)
		}
		expect(
			(await h.call('/api/web/shipments/issues-log', { token: olivia, supplyChain: 'acme' }))
				.status,
		).toBe(200)
	})

	it('refuses values outside the spec’s choices, naming the field', async () => {
		for (const [path, field] of [
			['/api/web/orders/average-time?months=5', 'months'],
			['/api/web/orders/carrier-average-days?months=1', 'months'],
			['/api/web/orders/carrier-average-days?conveyance_type=7', 'conveyance_type'],
			['/api/web/orders/without-updates?before=4', 'before'],
			['/api/web/shipments/issues-log-v2?before=30', 'before'],
			['/api/dashboard/carriers/trends?duration=week', 'duration'],
			['/api/dashboard/carriers/late-ontime-shipments?carriers=nope', 'carriers'],
			['/api/web/orders/without-updates?order_type=nope', 'order_type'],
		] as const) {
			const res = await h.call(path, { token: olivia, supplyChain: 'acme' })
			expect(res.status, path).toBe(400)
			expect(JSON.stringify(res.body), path).toContain(field)
		}
	})

	it('Gary sees only globex numbers', async () => {
		const gary = await h.tokenFor('gary@globex.test')
		const globex = await orgId('globex')
		const api = LateVsOnTimeResponse.parse(
			await get('/api/dashboard/orders/late-vs-ontime', gary, 'globex'),
		)
		const d = await lateOnTimeDirect(globex, 12)
		expect(api.total).toBe(d.late + d.on_time)
		expect(
			(await h.call('/api/dashboard/orders/late-vs-ontime', { token: gary, supplyChain: 'acme' }))
				.status,
		).toBe(403)
	})
})

describe('Orders Without Updates past its count cap', () => {
	it('counts up to WITHOUT_UPDATES_COUNT_CAP and still pages in order', async () => {
		// Every finished acme order becomes a quiet in-transit one: more than the cap.
		await h.db.execute(
			sql`update ship_sets set status = 'in_transit', last_event_at = now() - interval '30 days' where organization_id = ${acme} and status in ('delivered', 'closed', 'cancelled')`,
		)
		const quiet = await withoutUpdatesDirect(acme, 14)
		expect(quiet).toBeGreaterThan(WITHOUT_UPDATES_COUNT_CAP)
		const first = WithoutUpdatesResponse.parse(
			await get('/api/web/orders/without-updates?before=14&limit=5'),
		)
		expect(first.total).toBe(WITHOUT_UPDATES_COUNT_CAP)
		const far = WithoutUpdatesResponse.parse(
			await get(
				`/api/web/orders/without-updates?before=14&limit=5&offset=${WITHOUT_UPDATES_COUNT_CAP + 5}`,
			),
		)
		expect(far.orders).toHaveLength(5)
		expect(far.orders[0]!.last_event_at! >= first.orders[4]!.last_event_at!).toBe(true)
	})
})
