import { and, asc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'
import {
	carriers,
	conveyanceTypes,
	customAttributeTypes,
	customAttributes,
	locations,
	shipments,
} from '../db/schema'
import type { ShipmentDetailsResponse } from './timeline.contract'
import { iso, type LocationRow, wireCarrier, wirePlace } from './wire'

/** GET {api}/ship_sets/{id}/shipments/{shipmentId} (002 §7): one shipment of one order of the caller's organization. */

type Details = ShipmentDetailsResponse['shipment']

const place = (l: LocationRow | null): Details['shipper'] => (l ? wirePlace(l) : null)

export async function shipmentDetails(
	db: Database,
	organizationId: string,
	shipSetId: string,
	shipmentId: string,
): Promise<Details | null> {
	const shipper = alias(locations, 'shipper')
	const consignee = alias(locations, 'consignee')
	const [row] = await db
		.select({
			s: shipments,
			carrierName: carriers.name,
			conveyance: conveyanceTypes.name,
			shipper,
			consignee,
		})
		.from(shipments)
		.leftJoin(carriers, eq(carriers.id, shipments.carrierId))
		.leftJoin(conveyanceTypes, eq(conveyanceTypes.id, carriers.conveyanceTypeId))
		.leftJoin(shipper, eq(shipper.id, shipments.shipperLocationId))
		.leftJoin(consignee, eq(consignee.id, shipments.consigneeLocationId))
		.where(
			and(
				eq(shipments.id, shipmentId),
				eq(shipments.shipSetId, shipSetId),
				eq(shipments.organizationId, organizationId),
			),
		)
		.limit(1)
	if (!row) return null
	const attrs = await db
		.select({
			id: customAttributes.id,
			name: customAttributeTypes.name,
			value: customAttributes.value,
			dataType: customAttributeTypes.dataType,
		})
		.from(customAttributes)
		.innerJoin(
			customAttributeTypes,
			eq(customAttributeTypes.id, customAttributes.customAttributeTypeId),
		)
		.where(
			and(
				eq(customAttributes.shipmentId, shipmentId),
				eq(customAttributes.organizationId, organizationId),
			),
		)
		.orderBy(asc(customAttributeTypes.name))
	const s = row.s
	return {
		id: s.id,
		tracking_number: s.trackingNumber,
		status: s.status,
		carrier: wireCarrier(row.carrierName, row.conveyance),
		delivered_at: iso(s.deliveredAt),
		estimated_delivery_date: iso(s.estimatedDeliveryDate),
		estimated_delivery_date_timezone: s.estimatedDeliveryDateTimezone,
		final_mile: s.finalMile,
		weight: s.weight,
		weight_unit: s.weightUnit,
		shipped_at: iso(s.shippedAt),
		shipped_at_tz: s.shippedAtTz,
		service_level: s.serviceLevel,
		service_type: s.serviceType,
		shipper: place(row.shipper),
		consignee: place(row.consignee),
		eta: iso(s.eta),
		eta_timezone: s.etaTimezone,
		origin_port: s.originPort,
		destination_port: s.destinationPort,
		custom_attributes: attrs.map((a) => ({
			id: a.id,
			name: a.name,
			value: a.value,
			data_type: a.dataType,
		})),
	}
}
