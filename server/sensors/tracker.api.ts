import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	MeasurementsQuery,
	MeasurementsResponse,
	MeasurementTypesResponse,
	ThresholdSettingsResponse,
	TrackingGroupDriversResponse,
	TrackingGroupItemsResponse,
	TrackingGroupParams,
} from './tracker.contract'

/**
 * The tracking API {api2} = /api/tracker/1.0 (002 §7): measurement types, and a tracking
 * group's drivers, items, threshold settings and measurements. Signed-in callers with
 * TRACKER.DEFAULT only (002 §5, §6); guest tokens are refused by requireUser (002 §4
 * "never for guests"). Another tenant's tracking group answers 404 like an unknown one.
 */

const BASE = '/api/tracker/1.0'

const common = {
	tags: ['Tracker'],
	security: [{ bearer: [] }],
	method: 'get' as const,
}
const refused = {
	...errorResponses,
	403: jsonContent(
		ErrorBody,
		'Not a member of this supply chain, or no TRACKER.DEFAULT permission',
	),
}
const groupRefused = {
	...refused,
	404: jsonContent(ErrorBody, 'No such tracking group in this supply chain'),
}
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

export const TrackerApi = {
	measurementTypes: getTypes,
	drivers: getDrivers,
	items: getItems,
	thresholds: getThresholds,
	measurements: getMeasurements,
}
