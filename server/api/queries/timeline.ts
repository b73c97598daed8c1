import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'
import {
	carriers,
	comments,
	conveyanceTypes,
	documentTypes,
	documents,
	events,
	follows,
	locations,
	nodes,
	photos,
	recentlyViewed,
	relatedShipSets,
	shipSets,
	shipments,
} from '../../db/schema'
import type { TimelineResponse } from '../../contracts/timeline'
import { orderCustomAttributes, orderTags } from './order-details'
import { eventOut, locationColumns, locationOut, nodeColumns, nodeOut } from './timeline-wire'
import { iso, wireCarrier, wirePlace } from './wire'

/**
 * One order's timeline for a signed-in caller (002 §3, §7 "GET {api}/ship_sets/{id}/timeline").
 * Every query is scoped by the caller's organization: another tenant's id reads as not found.
 */

type ShipSet = TimelineResponse['ship_set']


function placeOf(l: typeof locations.$inferSelect): NonNullable<ShipSet['location']> {
	return wirePlace(l)
}

export async function timeline(
	db: Database,
	organizationId: string,
	userId: string,
	shipSetId: string,
): Promise<ShipSet | null> {
	const [order] = await db
		.select({
			id: shipSets.id,
			name: shipSets.name,
			referenceNumber: shipSets.referenceNumber,
			status: shipSets.status,
			promiseDate: shipSets.promiseDate,
			deliveredAt: shipSets.deliveredAt,
			deliveredAtTimezoneName: shipSets.deliveredAtTimezoneName,
			shipmentDeliveryDate: shipSets.shipmentDeliveryDate,
			shipmentDeliveryDateTimezone: shipSets.shipmentDeliveryDateTimezone,
			shipmentDeliveryStatus: shipSets.shipmentDeliveryStatus,
			daysBefore: shipSets.daysBefore,
			...locationColumns,
		})
		.from(shipSets)
		.leftJoin(locations, eq(locations.id, shipSets.locationId))
		.where(and(eq(shipSets.id, shipSetId), eq(shipSets.organizationId, organizationId)))
		.limit(1)
	if (!order) return null

	const shipper = alias(locations, 'shipper')
	const consignee = alias(locations, 'consignee')
	const mine = (t: { organizationId: AnyPgColumn }) => eq(t.organizationId, organizationId)
	const [nodeRows, eventRows, shipmentRows, tagRows, attributeRows, [counts]] = await Promise.all([
		db
			.select(nodeColumns)
			.from(nodes)
			.leftJoin(locations, eq(locations.id, nodes.locationId))
			.where(and(eq(nodes.shipSetId, order.id), mine(nodes)))
			.orderBy(asc(nodes.position), asc(nodes.positionInGroup), asc(nodes.id)),
		db
			.select()
			.from(events)
			.where(and(eq(events.shipSetId, order.id), mine(events)))
			.orderBy(desc(events.eventAt), asc(events.id)),
		db
			.select({ shipment: shipments, carrierName: carriers.name, conveyance: conveyanceTypes.name, shipper, consignee })
			.from(shipments)
			.leftJoin(shipper, eq(shipper.id, shipments.shipperLocationId))
			.leftJoin(consignee, eq(consignee.id, shipments.consigneeLocationId))
			.leftJoin(carriers, eq(carriers.id, shipments.carrierId))
			.leftJoin(conveyanceTypes, eq(conveyanceTypes.id, carriers.conveyanceTypeId))
			.where(and(eq(shipments.shipSetId, order.id), mine(shipments)))
			.orderBy(asc(shipments.createdAt), asc(shipments.id)),
		orderTags(db, organizationId, order.id),
		orderCustomAttributes(db, organizationId, order.id),
		// The counts and the follow flag in one statement (issue 20: each statement has a fixed cost on PGlite).
		db
			.select({
				docs: sql<number>`(select count(*) from ${documents} where ${documents.shipSetId} = ${order.id} and ${documents.organizationId} = ${organizationId})`.mapWith(Number),
				pics: sql<number>`(select count(*) from ${photos} where ${photos.shipSetId} = ${order.id} and ${photos.organizationId} = ${organizationId})`.mapWith(Number),
				related: sql<number>`(select count(*) from ${relatedShipSets} where ${relatedShipSets.organizationId} = ${organizationId} and (${relatedShipSets.shipSetId} = ${order.id} or ${relatedShipSets.relatedShipSetId} = ${order.id}))`.mapWith(Number),
				comments: sql<number>`(select count(*) from ${comments} where ${comments.shipSetId} = ${order.id} and ${comments.organizationId} = ${organizationId})`.mapWith(Number),
				following: sql<boolean>`exists (select 1 from ${follows} where ${follows.userId} = ${userId} and ${follows.shipSetId} = ${order.id} and ${follows.organizationId} = ${organizationId})`,
			})
			.from(shipSets)
			.where(eq(shipSets.id, order.id)),
	])

	const others = await db
		.select({ id: relatedShipSets.id, a: relatedShipSets.shipSetId, b: relatedShipSets.relatedShipSetId, name: shipSets.name })
		.from(relatedShipSets)
		.innerJoin(
			shipSets,
			sql`${shipSets.id} = case when ${relatedShipSets.shipSetId} = ${order.id} then ${relatedShipSets.relatedShipSetId} else ${relatedShipSets.shipSetId} end`,
		)
		.where(and(mine(relatedShipSets), eq(shipSets.organizationId, organizationId), or(eq(relatedShipSets.shipSetId, order.id), eq(relatedShipSets.relatedShipSetId, order.id))))
		.orderBy(asc(shipSets.name), asc(relatedShipSets.id))
		.limit(5)
	const [docFiles, photoFiles] = await Promise.all([
		db
			.select({ doc: documents, typeName: documentTypes.name, typeCode: documentTypes.code })
			.from(documents)
			.leftJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
			.where(and(eq(documents.shipSetId, order.id), mine(documents)))
			.orderBy(desc(documents.createdAt), asc(documents.id))
			.limit(5),
		db
			.select()
			.from(photos)
			.where(and(eq(photos.shipSetId, order.id), mine(photos)))
			.orderBy(desc(photos.createdAt), asc(photos.id))
			.limit(30),
	])
	const finalMiles = shipmentRows.filter((s) => s.shipment.finalMile)
	return {
		id: order.id,
		name: order.name,
		reference_number: order.referenceNumber,
		status: order.status,
		location: locationOut(order),
		promise_date: iso(order.promiseDate),
		delivered: order.status === 'delivered' || order.deliveredAt !== null,
		delivered_at: iso(order.deliveredAt),
		delivered_at_timezone_name: order.deliveredAtTimezoneName,
		shipment_delivery_date: iso(order.shipmentDeliveryDate),
		shipment_delivery_date_timezone: order.shipmentDeliveryDateTimezone,
		shipment_delivery_status: order.shipmentDeliveryStatus,
		days_before: order.daysBefore,
		final_miles_with_shipping_method: [...new Set(finalMiles.map((s) => s.carrierName ?? 'Unknown carrier'))],
		following: counts?.following === true,
		nodes: nodeRows.map(nodeOut),
		events: eventRows.map(eventOut),
		shipments: shipmentRows.map(({ shipment: s, carrierName, conveyance, shipper: from, consignee: to }) => ({
			id: s.id,
			tracking_number: s.trackingNumber,
			status: s.status,
			manually_created: s.manuallyCreated,
			final_mile: s.finalMile,
			carrier: wireCarrier(carrierName, conveyance),
			shipper: from ? placeOf(from) : null,
			consignee: to ? placeOf(to) : null,
		})),
		tags: tagRows,
		custom_attributes: attributeRows,
		documents: {
			total_count: counts?.docs ?? 0,
			files: docFiles.map(({ doc: d, typeName, typeCode }) => ({
				id: d.id,
				file_file_name: d.fileFileName,
				file_content_type: d.fileContentType,
				document_type: typeName !== null && typeCode !== null ? { name: typeName, code: typeCode } : null,
				other_document_type: d.otherDocumentType,
				blockchain_verified: d.blockchainVerified,
				created_at: d.createdAt.toISOString(),
			})),
		},
		photos: {
			total_count: counts?.pics ?? 0,
			files: photoFiles.map((p) => ({ id: p.id, image_file_name: p.imageFileName, notes: p.notes, updated_at: p.updatedAt.toISOString() })),
		},
		comments: { total_count: counts?.comments ?? 0 },
		related_ship_sets: {
			total_count: counts?.related ?? 0,
			items: others.map((r) => ({ id: r.id, ship_set_id: r.a === order.id ? r.b : r.a, ship_set_name: r.name })),
		},
	}
}

/**
 * A visit to a timeline records it as recently viewed by the caller (one row per user and
 * order, its time moved forward on each visit). False when the order is not one of the
 * caller's supply chain: nothing is written.
 */
export async function recordView(db: Database, organizationId: string, userId: string, shipSetId: string): Promise<boolean> {
	const [order] = await db
		.select({ id: shipSets.id })
		.from(shipSets)
		.where(and(eq(shipSets.id, shipSetId), eq(shipSets.organizationId, organizationId)))
	if (!order) return false
	const now = new Date()
	await db
		.insert(recentlyViewed)
		.values({ organizationId, userId, shipSetId, viewedAt: now })
		.onConflictDoUpdate({
			target: [recentlyViewed.userId, recentlyViewed.shipSetId],
			set: { viewedAt: now, updatedAt: sql`now()` },
		})
	return true
}
