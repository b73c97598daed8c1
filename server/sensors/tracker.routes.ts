import { OpenAPIHono } from '@hono/zod-openapi'
import { TrackerApi } from './tracker.api'
import { guarded } from '../api/route'
import type { ApiEnv } from '../api/context'
import { requirePermission, requireUser } from '../api/caller'
import { invalid, notFound } from '../errors'
import { validationHook } from '../api/errors'
import {
	listDrivers,
	listItems,
	listMeasurements,
	listMeasurementTypes,
	listThresholds,
	measurementTypeId,
	ownsTrackingGroup,
} from './tracker.queries'

/** 404 unless the path's tracking group belongs to the caller's organization. */
async function ownedGroup(c: { var: ApiEnv['Variables'] }, id: string): Promise<string> {
	if (!(await ownsTrackingGroup(c.var.deps.db, c.var.caller.organizationId, id)))
		throw notFound('Tracking group')
	return id
}

const TRACKER_DEFAULT = 'TRACKER.DEFAULT'

const {
	measurementTypes: getTypes,
	drivers: getDrivers,
	items: getItems,
	thresholds: getThresholds,
	measurements: getMeasurements,
} = TrackerApi

export const trackerRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(getTypes, requireUser, requirePermission(TRACKER_DEFAULT)), async (c) =>
		c.json({ measurement_types: await listMeasurementTypes(c.var.deps.db) }, 200),
	)
	.openapi(guarded(getDrivers, requireUser, requirePermission(TRACKER_DEFAULT)), async (c) => {
		const id = await ownedGroup(c, c.req.valid('param').id)
		return c.json(
			{ tracking_group_drivers: await listDrivers(c.var.deps.db, c.var.caller.organizationId, id) },
			200,
		)
	})
	.openapi(guarded(getItems, requireUser, requirePermission(TRACKER_DEFAULT)), async (c) => {
		const id = await ownedGroup(c, c.req.valid('param').id)
		return c.json(
			{ tracking_group_items: await listItems(c.var.deps.db, c.var.caller.organizationId, id) },
			200,
		)
	})
	.openapi(guarded(getThresholds, requireUser, requirePermission(TRACKER_DEFAULT)), async (c) => {
		const id = await ownedGroup(c, c.req.valid('param').id)
		return c.json(
			{
				tracking_group_threshold_settings: await listThresholds(
					c.var.deps.db,
					c.var.caller.organizationId,
					id,
				),
			},
			200,
		)
	})
	.openapi(guarded(getMeasurements, requireUser, requirePermission(TRACKER_DEFAULT)), async (c) => {
		const id = await ownedGroup(c, c.req.valid('param').id)
		const q = c.req.valid('query')
		const typeId = await measurementTypeId(c.var.deps.db, q.type)
		if (!typeId) throw invalid('type', 'unknown measurement type')
		const window =
			q.last !== undefined
				? { last: q.last }
				: { from: new Date(q.measure_date_from!), to: new Date(q.measure_date_to!) }
		const readings = await listMeasurements(c.var.deps.db, c.var.caller.organizationId, id, {
			measurableId: q.measurable_id,
			typeId,
			...window,
		})
		return c.json({ measurements: readings }, 200)
	})
