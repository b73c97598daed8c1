import { OpenAPIHono } from '@hono/zod-openapi'
import { ShipmentsApi } from './shipments.api'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { ApiError } from '../errors'
import { validationHook } from '../api/errors'
import { guarded } from '../api/route'
import { requireOrder } from '../orders/scope'
import {
	addShipment,
	carrierGroups,
	closeOrCancelShipment,
	listShipments,
	removeShipment,
} from './shipments.queries'

/** Shipments of an order and the carriers to pick from (002 §7; rules of 002 §4 "Shipment statuses and actions"). */

const { list, carriers: carrierList, add, act, remove } = ShipmentsApi

export const shipmentRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(list, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		const { offset, limit } = c.req.valid('query')
		await requireOrder(db, organizationId, id)
		return c.json(await listShipments(db, organizationId, id, offset, limit), 200)
	})
	.openapi(guarded(carrierList, requireUser), async (c) => {
		const { filter } = c.req.valid('query')
		return c.json(
			{ carriers: await carrierGroups(c.var.deps.db, c.var.caller.organizationId, filter) },
			200,
		)
	})
	.openapi(guarded(add, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		await requireOrder(db, organizationId, id)
		const shipment = await addShipment(
			db,
			{ organizationId, userId, shipSetId: id },
			c.req.valid('json').shipment,
		)
		return c.json({ shipment }, 201)
	})
	.openapi(guarded(act, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id, shipmentId, action } = c.req.valid('param')
		await requireOrder(db, organizationId, id)
		try {
			const shipment = await closeOrCancelShipment(
				db,
				{ organizationId, userId, shipSetId: id },
				shipmentId,
				action,
			)
			return c.json({ success: true, error_message: null, shipment }, 200)
		} catch (error) {
			if (error instanceof ApiError && error.status === 409) {
				return c.json({ success: false, error_message: error.message, error: error.message }, 409)
			}
			throw error
		}
	})
	.openapi(guarded(remove, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id, shipmentId } = c.req.valid('param')
		await requireOrder(db, organizationId, id)
		const { tracking_number } = await removeShipment(
			db,
			{ organizationId, userId, shipSetId: id },
			shipmentId,
		)
		return c.json({ success: true as const, tracking_number }, 200)
	})
