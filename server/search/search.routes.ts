import { OpenAPIHono } from '@hono/zod-openapi'
import { SearchApi } from './search.api'
import { guarded } from '../api/route'
import type { Context } from 'hono'
import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm'
import { customAttributeTypes } from '../db/schema'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { ApiError, invalid } from '../errors'
import { validationHook } from '../api/errors'
import { log } from '../log'
import { limitStore } from '../api/public-client'
import { exportDirection, quickMatch, searchPage } from './search.queries'
import { exportCsv } from './export.queries'
import { searchFilters, type SearchFilters, type SearchSort } from './filters'
import { CSV_FILENAME } from './csv'
import { isToggleOn } from '../toggles/store'
import { ToggleName } from '../toggles/toggles.contract'
import { buildLocationTree, placeRows, type Place } from '../reference/locations.queries'
import { carrierNameList, conveyanceTypeList, tagList } from '../reference/reference.queries'
import type { Database } from '../db/client'

/** Exports read every match: five a minute per user is plenty for a person and stops a loop. */
export const EXPORTS_PER_MINUTE = 5

interface Paging {
	page_no: number
	per_page: '10' | '25' | '50' | '100'
	order: SearchSort['column']
	order_by: SearchSort['direction']
	include_download?: '0' | '1'
}

const sortOf = (q: Paging): SearchSort => ({ column: q.order, direction: q.order_by })

/** The streamed CSV of every match, in order number order, written by the database (search-export.ts); rate limited per user. */
async function download(
	c: Context<ApiEnv>,
	filters: SearchFilters,
	sort: SearchSort,
): Promise<Response> {
	const { userId, organizationId } = c.var.caller
	const limit = await limitStore(c.var.deps)
		.limiter('export', EXPORTS_PER_MINUTE, 60_000)
		.hit(userId)
	if (!limit.allowed) {
		c.header('Retry-After', String(limit.retryAfter))
		throw new ApiError(
			429,
			`Too many exports: at most ${EXPORTS_PER_MINUTE} a minute. Try again in ${limit.retryAfter} s.`,
		)
	}
	// The stream fails after the answer has started: its line goes to this request's logger.
	const requestLog = log()
	// The dates as the results table shows them: the shipment date local to the shipment under the toggle.
	const localShipmentDate = await isToggleOn(
		c.var.deps.db,
		ToggleName.shipmentDateLocalTimezoneFix,
		organizationId,
	)
	const stream = exportCsv(
		c.var.deps.db,
		organizationId,
		filters,
		exportDirection(sort),
		{ localShipmentDate },
		(error) => requestLog.error({ err: error }, 'search export failed'),
	)
	return new Response(stream, {
		status: 200,
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${CSV_FILENAME}"`,
			'Cache-Control': 'no-store',
		},
	})
}

const { quick, advanced, customAttributeTypes: customTypes, formLists } = SearchApi

/** The newer form's custom order detail names: string, string_array and integer (000 §7). */
const FORM_DATA_TYPES = ['string', 'string_array', 'integer']

/**
 * A query's rows as one JSON array, in the query's order (an aggregate over a sorted subquery
 * takes its rows in that order), `[]` when there are none.
 */
const jsonRows = (query: SQLWrapper) =>
	sql`(select coalesce(json_agg(t), '[]'::json) from (${query}) t)`
/** What a list query's rows are, read back from jsonRows. */
type Rows<Q extends (...args: never[]) => PromiseLike<unknown>> = Awaited<ReturnType<Q>>

/** The supply chain's custom attribute types, sorted by name, of one object type and some data types when given. */
const customTypeList = (
	db: Database,
	organizationId: string,
	{ objectType, dataTypes }: { objectType?: string; dataTypes: string[] },
) =>
	db
		.select({ id: customAttributeTypes.id, name: customAttributeTypes.name })
		.from(customAttributeTypes)
		.where(
			and(
				eq(customAttributeTypes.organizationId, organizationId),
				objectType ? eq(customAttributeTypes.objectType, objectType) : undefined,
				dataTypes.length ? inArray(customAttributeTypes.dataType, dataTypes) : undefined,
			),
		)
		.orderBy(sql`lower(${customAttributeTypes.name})`, asc(customAttributeTypes.id))

export const searchRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(quick, requireUser), async (c) => {
		const q = c.req.valid('query')
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const number = (q.qs_query_string || q.order_number || '').trim()
		if (!number) throw invalid('qs_query_string', 'Required')
		const wantsFile = q.include_download === '1'
		// The file needs only which reading matched (a probe each); the page, its count too.
		const match = await quickMatch(db, organizationId, number, { count: !wantsFile })
		if (wantsFile) {
			// No match: an empty file with its header row, like any search with no results.
			return download(c, match?.filters ?? { orderNumber: number }, sortOf(q))
		}
		if (!match) return c.json({ ship_sets: [], count: 0, ship_set_count: 0, matched_on: null }, 200)
		const page = await searchPage(
			db,
			organizationId,
			match.filters,
			sortOf(q),
			{ page: q.page_no, perPage: Number(q.per_page) },
			true,
			match.total ?? undefined,
		)
		return c.json(
			{
				ship_sets: page.rows,
				count: page.count,
				ship_set_count: page.orders,
				matched_on: match.field,
			},
			200,
		)
	})
	.openapi(guarded(advanced, requireUser), async (c) => {
		const q = c.req.valid('query')
		const filters = searchFilters(q)
		if (q.include_download === '1') return download(c, filters, sortOf(q))
		const page = await searchPage(c.var.deps.db, c.var.caller.organizationId, filters, sortOf(q), {
			page: q.page_no,
			perPage: Number(q.per_page),
		})
		return c.json({ data: page.rows, count: page.count }, 200)
	})
	.openapi(guarded(customTypes, requireUser), async (c) => {
		const q = c.req.valid('query')
		const wanted = [q.data_type, q.data_types, q['data_types[]']]
			.flat()
			.filter((v): v is string => !!v)
		const rows = await customTypeList(c.var.deps.db, c.var.caller.organizationId, {
			objectType: q.object_type,
			dataTypes: wanted,
		})
		return c.json({ custom_attribute_types: rows }, 200)
	})
	.openapi(guarded(formLists, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		// One statement, not six: on PGlite each statement costs its own trip to the database's
		// thread and its own parse and plan (ADR 0039). Each list is its query's rows as JSON.
		const { rows } = await db.execute<Record<string, unknown[]>>(sql`select
			${jsonRows(carrierNameList(db, organizationId))} as carrier_names,
			${jsonRows(conveyanceTypeList(db))} as conveyance_types,
			${jsonRows(tagList(db, organizationId))} as tags,
			${jsonRows(placeRows(organizationId, 'order'))} as order_places,
			${jsonRows(placeRows(organizationId, 'shipment'))} as origin_places,
			${jsonRows(customTypeList(db, organizationId, { dataTypes: FORM_DATA_TYPES }))} as custom_attribute_types`)
		const lists = rows[0]!
		return c.json(
			{
				carrier_names: lists.carrier_names as Rows<typeof carrierNameList>,
				conveyance_types: lists.conveyance_types as Rows<typeof conveyanceTypeList>,
				tags: lists.tags as Rows<typeof tagList>,
				order_locations: buildLocationTree(lists.order_places as Place[]),
				origin_locations: buildLocationTree(lists.origin_places as Place[]),
				custom_attribute_types: lists.custom_attribute_types as Rows<typeof customTypeList>,
			},
			200,
		)
	})
