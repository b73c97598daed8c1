import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import {
	MeasurementsQuery,
	MeasurementsResponse,
	MeasurementTypesResponse,
	ThresholdSettingsResponse,
	TrackingGroupDriversResponse,
	TrackingGroupItemsResponse,
	TrackingGroupParams,
} from '../../contracts/tracker'
import type { ApiEnv } from '../context'
import { requirePermission, requireUser } from '../auth'
import { ApiError, notFound, validationHook } from '../errors'
import {
	listDrivers,
	listItems,
	listMeasurements,
	listMeasurementTypes,
	listThresholds,
	measurementTypeId,
	ownsTrackingGroup,
} from '../queries/tracker'

/**
 * The tracking API {api2} = /api/tracker/1.0 (002 §7): measurement types, and a tracking
 * group's drivers, items, threshold settings and measurements. Signed-in callers with
 * TRACKER.DEFAULT only (002 §5, §6); guest tokens are refused by requireUser (002 §4
 * "never for guests"). Another tenant's tracking group answers 404 like an unknown one.
 */

const BASE = '/api/tracker/1.0'
const TRACKER_DEFAULT = 'TRACKER.DEFAULT'

const common = {
	tags: ['Tracker'],
	middleware: [requireUser, requirePermission(TRACKER_DEFAULT)],
	security: [{ bearer: [] }],
	method: 'get' as const,
}
const refused = {
	...errorResponses,
	403: jsonContent(ErrorBody, 'Not a member of this supply chain, or no TRACKER.DEFAULT permission'),
}
const groupRefused = { ...refused, 404: jsonContent(ErrorBody, 'No such tracking group in this supply chain') }
const groupRequest = { headers: SupplyChainHeaders, params: TrackingGroupParams }

const getTypes = createRoute({
	...common,
	path: `${BASE}/measurement_types`,
	summary: 'Measurement types (code, name, units)',
	request: { headers: SupplyChainHeaders },
	responses: { 200: jsonContent(MeasurementTypesResponse, 'Every measurement type'), ...refused },
})

const getDrivers = createRoute({
	...common,
	path: `${BASE}/tracking_groups/{id}/tracking_group_drivers`,
	summary: 'The drivers of a tracking group',
	request: groupRequest,
	responses: { 200: jsonContent(TrackingGroupDriversResponse, 'Drivers'), ...groupRefused },
})

const getItems = createRoute({
	...common,
	path: `${BASE}/tracking_groups/{id}/tracking_group_items`,
	summary: 'The tracked items of a tracking group, with their references',
	request: groupRequest,
	responses: { 200: jsonContent(TrackingGroupItemsResponse, 'Items'), ...groupRefused },
})

const getThresholds = createRoute({
	...common,
	path: `${BASE}/tracking_groups/{id}/tracking_group_threshold_settings`,
	summary: 'Minimum and maximum per measurement type',
	request: groupRequest,
	responses: { 200: jsonContent(ThresholdSettingsResponse, 'Threshold settings'), ...groupRefused },
})

const getMeasurements = createRoute({
	...common,
	path: `${BASE}/tracking_groups/{id}/measurements`,
	summary: 'One item’s readings of one type: the newest `last`, or a date range',
	description:
		'Give `last` (the newest n readings, n ≤ 1000) or both `measure_date_from` and `measure_date_to` ' +
		'(every reading in the inclusive range, at most 10,000, the earliest). Readings come oldest first. ' +
		'An unknown `type` answers 400; an item without readings answers an empty list.',
	request: { ...groupRequest, query: MeasurementsQuery },
	responses: { 200: jsonContent(MeasurementsResponse, 'Readings, oldest first'), ...groupRefused },
})

/** 404 unless the path's tracking group belongs to the caller's organization. */
async function ownedGroup(c: { var: ApiEnv['Variables'] }, id: string): Promise<string> {
	if (!(await ownsTrackingGroup(c.var.deps.db, c.var.caller.organizationId, id))) throw notFound('Tracking group')
	return id
}

export const trackerRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(getTypes, async (c) => c.json({ measurement_types: await listMeasurementTypes(c.var.deps.db) }, 200))
	.openapi(getDrivers, async (c) => {
		const id = await ownedGroup(c, c.req.valid('param').id)
		return c.json({ tracking_group_drivers: await listDrivers(c.var.deps.db, c.var.caller.organizationId, id) }, 200)
	})
	.openapi(getItems, async (c) => {
		const id = await ownedGroup(c, c.req.valid('param').id)
		return c.json({ tracking_group_items: await listItems(c.var.deps.db, c.var.caller.organizationId, id) }, 200)
	})
	.openapi(getThresholds, async (c) => {
		const id = await ownedGroup(c, c.req.valid('param').id)
		return c.json({ tracking_group_threshold_settings: await listThresholds(c.var.deps.db, c.var.caller.organizationId, id) }, 200)
	})
	.openapi(getMeasurements, async (c) => {
		const id = await ownedGroup(c, c.req.valid('param').id)
		const q = c.req.valid('query')
		const typeId = await measurementTypeId(c.var.deps.db, q.type)
		if (!typeId) throw new ApiError(400, 'type: unknown measurement type')
		const window =
			q.last !== undefined ? { last: q.last } : { from: new Date(q.measure_date_from!), to: new Date(q.measure_date_to!) }
		const readings = await listMeasurements(c.var.deps.db, c.var.caller.organizationId, id, {
			measurableId: q.measurable_id,
			typeId,
			...window,
		})
		return c.json({ measurements: readings }, 200)
	})
