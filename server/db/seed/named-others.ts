import { OrderDraft } from './draft'
import { SEED_PHOTOS } from './files'
import { at, eventWriter, OLIVIA } from './named-common'
import { globalIds, type OrgContext } from './reference'
import type { SeedRows } from './rows'

/** The hand-written named orders SO-1003 (delivered), SO-1006 (closed) and SO-1007 (damage, manual shipment). */

/** SO-1003: delivered before its promise date, the final-mile step done. */
export function buildSo1003(rows: SeedRows, ctx: OrgContext): OrderDraft {
	const factory = ctx.site('fremont-factory')
	const dc = ctx.site('memphis-dc')
	const customer = ctx.site('contoso-chicago')
	const d = new OrderDraft(rows, ctx, {
		name: 'SO-1003',
		referenceNumber: 'PO-7790',
		locationId: customer.id,
		orderTypeId: ctx.orderTypeId('Standard'),
		promiseDate: at('2026-10-12T00:00:00Z'),
		shipmentDeliveryDate: at('2026-10-09T22:00:00Z'),
		shipmentDeliveryDateTimezone: customer.place.timezone,
		deliveryValue: 9650,
		createdAt: at('2026-09-28T17:00:00Z'),
	})
	const fedex = d.addShipment({
		carrierId: ctx.carrier('FedEx').id,
		trackingNumber: '612999103001',
		shippedAt: at('2026-10-01T22:00:00Z'),
		shippedAtTz: factory.place.timezone,
		estimatedDeliveryDate: at('2026-10-05T22:00:00Z'),
		estimatedDeliveryDateTimezone: dc.place.timezone,
		weight: 180,
		weightUnit: 'kg',
		serviceLevel: 'Ground',
		shipperLocationId: factory.id,
		consigneeLocationId: dc.id,
		palletNumber: 'PLT-1003-01',
		freightCost: 388.2,
	})
	const ups = d.addShipment({
		carrierId: ctx.carrier('UPS').id,
		trackingNumber: '1ZW12E760312341003',
		finalMile: true,
		shippedAt: at('2026-10-07T15:00:00Z'),
		shippedAtTz: dc.place.timezone,
		estimatedDeliveryDate: at('2026-10-09T22:00:00Z'),
		estimatedDeliveryDateTimezone: customer.place.timezone,
		weight: 22,
		weightUnit: 'kg',
		serviceLevel: 'Ground',
		shipperLocationId: dc.id,
		consigneeLocationId: customer.id,
		freightCost: 36.75,
	})
	const f = d.addNode({
		buildingType: 'Factory',
		source: 'data',
		locationId: factory.id,
		position: 0,
	})
	const t1 = d.addNode({
		buildingType: 'Transit',
		source: 'data',
		connectableId: fedex,
		position: 1,
	})
	const dcn = d.addNode({ buildingType: 'DC', source: 'data', locationId: dc.id, position: 2 })
	const t2 = d.addNode({
		buildingType: 'Transit',
		source: 'data',
		connectableId: ups,
		finalMile: true,
		position: 3,
	})
	const c = d.addNode({
		buildingType: 'Customer',
		source: 'data',
		locationId: customer.id,
		position: 4,
	})
	const ev = eventWriter(d)
	ev(f, '2026-09-28T17:00:00Z', 'Order received', 'info', factory)
	ev(f, '2026-10-01T18:00:00Z', 'Packed and ready to ship', 'info', factory, {
		blockchainVerified: true,
	})
	ev(t1, '2026-10-01T22:00:00Z', 'Picked up', 'transit', factory, { shipmentId: fedex })
	ev(t1, '2026-10-03T08:00:00Z', 'In transit', 'transit', dc, { shipmentId: fedex })
	ev(t1, '2026-10-05T14:10:00Z', 'Delivered to DC', 'delivered', dc, { shipmentId: fedex })
	ev(dcn, '2026-10-05T16:00:00Z', 'Received at DC', 'info', dc)
	ev(dcn, '2026-10-07T14:00:00Z', 'Shipped from DC', 'info', dc)
	ev(t2, '2026-10-07T15:00:00Z', 'Picked up', 'transit', dc, { shipmentId: ups })
	ev(t2, '2026-10-08T13:05:00Z', 'Out for delivery', 'transit', customer, { shipmentId: ups })
	ev(t2, '2026-10-08T19:42:00Z', 'Delivered', 'delivered', customer, {
		shipmentId: ups,
		summary: 'Left at the loading dock;Signed by M. GARCIA',
	})
	ev(c, '2026-10-08T20:05:00Z', 'Received by customer', 'delivered', customer)
	return d
}

/** SO-1006: closed after delivery. */
export function buildSo1006(rows: SeedRows, ctx: OrgContext): OrderDraft {
	const factory = ctx.site('guadalajara-factory')
	const customer = ctx.site('adatum-dallas')
	const d = new OrderDraft(rows, ctx, {
		name: 'SO-1006',
		referenceNumber: 'PO-7793',
		status: 'closed',
		locationId: customer.id,
		orderTypeId: ctx.orderTypeId('Replenishment'),
		promiseDate: at('2026-09-20T00:00:00Z'),
		shipmentDeliveryDate: at('2026-09-18T22:00:00Z'),
		shipmentDeliveryDateTimezone: customer.place.timezone,
		deliveryValue: 21400,
		createdAt: at('2026-09-08T14:00:00Z'),
	})
	const od = d.addShipment({
		carrierId: ctx.carrier('Old Dominion').id,
		trackingNumber: '99991006001',
		status: 'closed',
		finalMile: true,
		shippedAt: at('2026-09-14T13:00:00Z'),
		shippedAtTz: factory.place.timezone,
		estimatedDeliveryDate: at('2026-09-18T22:00:00Z'),
		estimatedDeliveryDateTimezone: customer.place.timezone,
		weight: 950,
		weightUnit: 'kg',
		serviceLevel: 'LTL Standard',
		shipperLocationId: factory.id,
		consigneeLocationId: customer.id,
		palletNumber: 'PLT-1006-01',
		freightCost: 1240,
	})
	const f = d.addNode({
		buildingType: 'Factory',
		source: 'data',
		locationId: factory.id,
		position: 0,
	})
	const t = d.addNode({
		buildingType: 'Transit',
		source: 'data',
		connectableId: od,
		finalMile: true,
		position: 1,
	})
	const c = d.addNode({
		buildingType: 'Customer',
		source: 'data',
		locationId: customer.id,
		position: 2,
	})
	const ev = eventWriter(d)
	ev(f, '2026-09-08T14:00:00Z', 'Order received', 'info', factory)
	ev(t, '2026-09-14T13:00:00Z', 'Picked up', 'transit', factory, { shipmentId: od })
	ev(t, '2026-09-16T02:00:00Z', 'Crossed border at Laredo', 'transit', customer, { shipmentId: od })
	ev(t, '2026-09-18T16:30:00Z', 'Delivered', 'delivered', customer, { shipmentId: od })
	ev(c, '2026-09-18T17:00:00Z', 'Received by customer', 'delivered', customer)
	ev(c, '2026-09-25T09:00:00Z', 'Order closed', 'info', customer, {
		summary: 'Invoice paid;Order closed',
	})
	return d
}

/** SO-1007: in transit by sea, a Damage node, and a manually created Pending shipment. */
export function buildSo1007(rows: SeedRows, ctx: OrgContext): OrderDraft {
	const factory = ctx.site('shenzhen-factory')
	const dc = ctx.site('louisville-dc')
	const customer = ctx.site('wingtip-seattle')
	const d = new OrderDraft(rows, ctx, {
		name: 'SO-1007',
		referenceNumber: 'PO-7794',
		locationId: customer.id,
		orderTypeId: ctx.orderTypeId('Standard'),
		promiseDate: at('2026-12-04T00:00:00Z'),
		shipmentDeliveryDate: at('2026-11-28T22:00:00Z'),
		shipmentDeliveryDateTimezone: customer.place.timezone,
		deliveryValue: 73900,
		createdAt: at('2026-10-02T02:00:00Z'),
	})
	const maersk = d.addShipment({
		carrierId: ctx.carrier('Maersk').id,
		trackingNumber: 'MAEU9991007',
		shippedAt: at('2026-10-09T06:00:00Z'),
		shippedAtTz: factory.place.timezone,
		estimatedDeliveryDate: at('2026-11-24T22:00:00Z'),
		estimatedDeliveryDateTimezone: dc.place.timezone,
		weight: 8200,
		weightUnit: 'kg',
		serviceLevel: 'FCL',
		serviceType: 'Port to Door',
		originPort: 'Yantian (CNYTN)',
		destinationPort: 'Long Beach (USLGB)',
		shipperLocationId: factory.id,
		consigneeLocationId: dc.id,
		palletNumber: 'PLT-1007-01',
		cartonNumber: 'CTN-1007-0042',
		freightCost: 3650,
	})
	d.addShipment({
		carrierId: ctx.carrier('FedEx').id,
		trackingNumber: '612999107001',
		manuallyCreated: true,
		shipperLocationId: dc.id,
		consigneeLocationId: customer.id,
		createdAt: at('2026-11-12T18:20:00Z'),
	})
	const f = d.addNode({
		buildingType: 'Factory',
		source: 'data',
		locationId: factory.id,
		position: 0,
	})
	const t = d.addNode({
		buildingType: 'Transit',
		source: 'data',
		connectableId: maersk,
		position: 1,
	})
	const damage = d.addNode({
		buildingType: 'Damage',
		source: 'discrepancy',
		position: 2,
		damageCategory: 'Crushed cartons',
		damageNotes:
			'Two cartons crushed at one corner during discharge at Long Beach; contents inspected and intact. Photos attached.',
	})
	d.addNode({ buildingType: 'DC', source: 'data', locationId: dc.id, position: 3 })
	d.addNode({ buildingType: 'Customer', source: 'data', locationId: customer.id, position: 4 })
	const ev = eventWriter(d)
	ev(f, '2026-10-02T02:00:00Z', 'Order received', 'info', factory)
	ev(f, '2026-10-08T09:00:00Z', 'Packed and ready to ship', 'info', factory)
	ev(t, '2026-10-09T06:00:00Z', 'Gate in at origin terminal', 'transit', factory, {
		shipmentId: maersk,
	})
	ev(t, '2026-10-11T14:00:00Z', 'Loaded on vessel', 'transit', factory, {
		shipmentId: maersk,
		summary: 'Vessel MAERSK EUREKA;Voyage 642E',
	})
	ev(t, '2026-10-12T03:00:00Z', 'Vessel departed', 'transit', factory, { shipmentId: maersk })
	ev(t, '2026-11-08T17:00:00Z', 'Vessel arrived', 'transit', dc, {
		shipmentId: maersk,
		locationAt: 'Long Beach, CA, US',
		timezoneName: 'America/Los_Angeles',
	})
	ev(t, '2026-11-10T09:30:00Z', 'Discharged', 'transit', dc, {
		shipmentId: maersk,
		locationAt: 'Long Beach, CA, US',
		timezoneName: 'America/Los_Angeles',
	})
	ev(damage, '2026-11-10T13:15:00Z', 'Damage reported', 'exception', dc, {
		summary: 'Crushed cartons;2 of 48 cartons affected',
		locationAt: 'Long Beach, CA, US',
		timezoneName: 'America/Los_Angeles',
		substatusTypeId: globalIds.issueType('DAMAGED'),
	})
	ev(t, '2026-11-13T20:00:00Z', 'In transit', 'transit', dc, {
		shipmentId: maersk,
		summary: 'On rail to Louisville',
	})
	const photo = SEED_PHOTOS.damage
	rows.photos.push({
		id: d.childId('photo', 'damage'),
		organizationId: ctx.id,
		shipSetId: d.id,
		nodeId: damage,
		imageFileName: photo.fileName,
		contentType: photo.contentType,
		fileSize: photo.bytes.length,
		storageKey: photo.storageKey,
		notes: 'Corner crush on cartons 17 and 18',
		uploadedByUserId: OLIVIA,
		createdAt: at('2026-11-10T13:30:00Z'),
	})
	return d
}
