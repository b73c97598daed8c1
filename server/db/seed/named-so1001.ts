import { OrderDraft } from './draft'
import { at, eventWriter, SO_1001 } from './named-common'
import { addSo1001Collaboration, addSo1001Sensors } from './named-so1001-extras'
import { globalIds, type OrgContext } from './reference'
import type { SeedRows } from './rows'

export { SO_1001 }

/**
 * SO-1001 (PO-7781, in transit): the order that exercises the whole timeline.
 * Every value is fixed (no PRNG, no clock): tests rely on it.
 */

export function buildSo1001(rows: SeedRows, ctx: OrgContext): OrderDraft {
	const factory = ctx.site('fremont-factory')
	const dc = ctx.site('louisville-dc')
	const customer = ctx.site('northwind')
	const ups = ctx.carrier('UPS')
	const usps = ctx.carrier('USPS')
	const d = new OrderDraft(rows, ctx, {
		name: SO_1001.name,
		referenceNumber: SO_1001.referenceNumber,
		locationId: customer.id,
		orderTypeId: ctx.orderTypeId('Expedited'),
		promiseDate: at('2026-10-30T00:00:00Z'),
		shipmentDeliveryDate: at('2026-11-06T22:00:00Z'),
		shipmentDeliveryDateTimezone: customer.place.timezone,
		daysBefore: 3,
		deliveryValue: 48250,
		createdAt: at('2026-10-12T15:20:00Z'),
	})
	const upsId = d.addShipment({
		carrierId: ups.id,
		trackingNumber: SO_1001.upsTracking,
		shippedAt: at('2026-10-19T21:05:00Z'),
		shippedAtTz: factory.place.timezone,
		estimatedDeliveryDate: at('2026-10-26T20:00:00Z'),
		estimatedDeliveryDateTimezone: dc.place.timezone,
		weight: 412.5,
		weightUnit: 'kg',
		serviceLevel: 'Ground',
		serviceType: 'Door to Door',
		shipperLocationId: factory.id,
		consigneeLocationId: dc.id,
		palletNumber: SO_1001.pallet,
		cartonNumber: SO_1001.carton,
		freightCost: 612.4,
		createdAt: at('2026-10-19T09:00:00Z'),
	})
	const uspsId = d.addShipment({
		carrierId: usps.id,
		trackingNumber: SO_1001.uspsTracking,
		finalMile: true,
		shippedAt: at('2026-10-21T16:30:00Z'),
		shippedAtTz: factory.place.timezone,
		estimatedDeliveryDate: at('2026-11-06T22:00:00Z'),
		estimatedDeliveryDateTimezone: customer.place.timezone,
		weight: 3.2,
		weightUnit: 'kg',
		serviceLevel: 'Priority Mail',
		serviceType: 'Door to Door',
		shipperLocationId: factory.id,
		consigneeLocationId: customer.id,
		freightCost: 48.9,
		createdAt: at('2026-10-21T15:00:00Z'),
	})
	rows.shipmentReferences.push(
		{
			id: d.childId('ref', 1),
			organizationId: ctx.id,
			shipmentId: upsId,
			referenceType: 'DeliveryID',
			value: 'DLV-1001-1',
		},
		{
			id: d.childId('ref', 2),
			organizationId: ctx.id,
			shipmentId: uspsId,
			referenceType: 'DeliveryID',
			value: 'DLV-1001-2',
		},
	)

	const trackingGroupId = d.childId('tracking_group')
	const factoryNode = d.addNode({
		buildingType: 'Factory',
		source: 'data',
		locationId: factory.id,
		position: 0,
	})
	const upsNode = d.addNode({
		buildingType: 'Transit',
		source: 'tracker',
		connectableId: upsId,
		trackingGroupId,
		position: 1,
		positionInGroup: 0,
	})
	const uspsNode = d.addNode({
		buildingType: 'Transit',
		source: 'data',
		connectableId: uspsId,
		finalMile: true,
		position: 1,
		positionInGroup: 1,
	})
	const dcNode = d.addNode({ buildingType: 'DC', source: 'data', locationId: dc.id, position: 2 })
	d.addNode({ buildingType: 'Customer', source: 'data', locationId: customer.id, position: 3 })

	const ev = eventWriter(d)
	ev(factoryNode, '2026-10-12T15:20:00Z', 'Order received', 'info', factory, {
		summary: 'Order PO-7781 received from Northwind Medical Supply',
	})
	ev(factoryNode, '2026-10-14T16:00:00Z', 'Production started', 'info', factory)
	ev(factoryNode, '2026-10-19T18:45:00Z', 'Packed and ready to ship', 'info', factory, {
		summary: 'Pallet PLT-1001-01 sealed;Temperature logger attached',
		blockchainVerified: true,
	})
	ev(upsNode, '2026-10-19T21:05:00Z', 'Picked up', 'transit', factory, {
		shipmentId: upsId,
		blockchainVerified: true,
	})
	ev(upsNode, '2026-10-20T04:30:00Z', 'Departed facility', 'transit', factory, {
		shipmentId: upsId,
	})
	ev(upsNode, '2026-10-22T11:15:00Z', 'Arrival scan', 'transit', dc, {
		shipmentId: upsId,
		staleAt: at('2026-10-22T17:00:00Z'),
	})
	ev(upsNode, '2026-10-22T19:10:00Z', 'In transit', 'transit', dc, {
		shipmentId: upsId,
		summary: 'On the way;Scanned at Denver, CO hub',
	})
	ev(upsNode, '2026-10-23T13:40:00Z', 'Delayed: Weather Delay', 'exception', dc, {
		shipmentId: upsId,
		summary: 'Severe weather in the Louisville area;The delivery date will be updated',
		substatusTypeId: globalIds.issueType('WEATHER_DELAY'),
	})
	ev(upsNode, '2026-10-27T09:25:00Z', 'In transit', 'transit', dc, {
		shipmentId: upsId,
		summary: 'Moving again after the weather delay',
	})
	ev(uspsNode, '2026-10-21T14:00:00Z', 'Shipping label created', 'info', factory, {
		shipmentId: uspsId,
	})
	ev(uspsNode, '2026-10-21T16:30:00Z', 'Accepted at USPS origin facility', 'transit', factory, {
		shipmentId: uspsId,
	})
	ev(uspsNode, '2026-10-24T07:50:00Z', 'In transit to next facility', 'transit', dc, {
		shipmentId: uspsId,
	})
	ev(dcNode, '2026-10-25T15:00:00Z', 'Inbound appointment scheduled', 'info', dc, {
		summary: 'Dock 4, cold room reserved',
	})

	addSo1001Sensors(rows, d, upsId, trackingGroupId)
	addSo1001Collaboration(rows, d, ctx, { upsNode, uspsNode, factoryNode })
	for (const tag of ['Cold Chain', 'Priority']) {
		rows.shipSetTags.push({
			organizationId: ctx.id,
			shipSetId: d.id,
			tagId: ctx.tagId(tag),
			createdAt: at('2026-10-12T16:00:00Z'),
		})
	}
	const attr = (
		key: Parameters<OrgContext['customAttributeTypeId']>[0],
		value: string,
		shipmentId?: string,
	) =>
		rows.customAttributes.push({
			id: d.childId('custom_attribute', key),
			organizationId: ctx.id,
			customAttributeTypeId: ctx.customAttributeTypeId(key),
			shipSetId: shipmentId ? null : d.id,
			shipmentId: shipmentId ?? null,
			value,
		})
	attr('incoterms', 'DAP')
	attr('poLine', '10')
	attr('priority', '1')
	attr('requestedShipDate', '2026-10-19T17:00:00.000Z')
	attr('productLines', JSON.stringify(['Medical Monitors', 'Sensors']))
	attr('contractDate', '2026-09-30')
	attr('sealNumber', 'SL4410021', upsId)
	attr('containerSize', "53' reefer trailer", upsId)
	for (const [shipmentId, carrierId, amount, when, mode] of [
		[upsId, ups.id, 612.4, '2026-10-21T00:00:00Z', 'ground'],
		[uspsId, usps.id, 48.9, '2026-10-23T00:00:00Z', 'ground'],
	] as const) {
		rows.freightCosts.push({
			id: d.childId('freight_cost', shipmentId),
			organizationId: ctx.id,
			shipSetId: d.id,
			shipmentId,
			carrierId,
			amount,
			currency: 'USD',
			invoicedAt: at(when),
			mode,
		})
	}
	return d
}
