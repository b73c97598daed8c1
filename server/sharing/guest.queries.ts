import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
	carriers,
	events,
	locations,
	nodes,
	notificationPreferences,
	shareRecipients,
	shipSets,
	shipments,
} from '../db/schema'
import type { GuestGrant } from './guest-tokens'
import {
	GUEST_NOTIF_LABELS,
	GuestComment,
	GuestTimelineShipSet,
	type GuestNotifType,
	type GuestRestrictedResponse,
	type GuestStatus,
	type GuestTimelineResponse,
} from './guest.contract'
import { COMMENT_PAGE_SIZE } from '../comments/comments.contract'
import { commentsPage, type CommentsPageRow } from '../comments/comments.queries'
import { recordHistoricalLog } from '../orders/history'
import { iso, wirePlace, type LocationRow } from '../timeline/wire'

/**
 * The guest restricted record (000 §3) of the one order a guest grant names, and the
 * guest's notification setting (000 §7). Every query is scoped by the grant's
 * organization and order: the grant is the only way in, and it opens nothing else.
 */

type Record_ = GuestRestrictedResponse['ship_set']
type GuestEventWire = Record_['events'][number]
type Place = NonNullable<Record_['location']>
type Section = Record_['transit']

/** The guest's location: the wire's location without its time zone (000 §3 "Node location"). */
function place(l: LocationRow | null): Place | null {
	if (!l) return null
	const { timezone: _timezone, ...guestPlace } = wirePlace(l)
	return guestPlace
}

/** Where each building type's events go: Transit, Customer, and everything else "in process". */
type SectionKey = 'in_process' | 'transit' | 'customer'
function sectionOf(buildingType: string): SectionKey {
	if (buildingType === 'Transit') return 'transit'
	if (buildingType === 'Customer') return 'customer'
	return 'in_process'
}

/**
 * 000 §3 "status (pending, in_process, on_its_way, delivered)" from the order's status:
 * in_transit is on its way. A cancelled or closed order (no step of its own among the
 * four) shows the furthest step its events reached (a decision: "not shown" in the spec).
 */
export function guestStatus(status: string, reached: Record<SectionKey, boolean>): GuestStatus {
	switch (status) {
		case 'pending':
		case 'in_process':
		case 'delivered':
			return status
		case 'in_transit':
			return 'on_its_way'
		default:
			if (reached.customer) return 'delivered'
			if (reached.transit) return 'on_its_way'
			if (reached.in_process) return 'in_process'
			return 'pending'
	}
}

/** The guest's own notification setting for the order (kept by their e-mail), or null. */
async function guestNotification(
	db: Database,
	{ organizationId, shipSetId, email }: GuestGrant,
): Promise<{ notif_type: GuestNotifType | 'nodes' } | null> {
	const [preference] = await db
		.select({ notifType: notificationPreferences.notifType })
		.from(notificationPreferences)
		.where(
			and(
				eq(notificationPreferences.shipSetId, shipSetId),
				eq(notificationPreferences.organizationId, organizationId),
				eq(notificationPreferences.guestEmail, email.toLowerCase()),
			),
		)
	return preference ? { notif_type: preference.notifType as GuestNotifType | 'nodes' } : null
}

export async function guestRestricted(
	db: Database,
	grant: GuestGrant,
): Promise<Omit<GuestRestrictedResponse, 'documents' | 'photos' | 'photos_total_count'> | null> {
	const { organizationId, shipSetId } = grant
	const [order] = await db
		.select({ name: shipSets.name, status: shipSets.status, location: locations })
		.from(shipSets)
		.leftJoin(locations, eq(locations.id, shipSets.locationId))
		.where(and(eq(shipSets.id, shipSetId), eq(shipSets.organizationId, organizationId)))
		.limit(1)
	if (!order) return null

	const [nodeRows, eventRows, shipmentRows, notification] = await Promise.all([
		db
			.select({ node: nodes, location: locations })
			.from(nodes)
			.leftJoin(locations, eq(locations.id, nodes.locationId))
			.where(and(eq(nodes.shipSetId, shipSetId), eq(nodes.organizationId, organizationId)))
			.orderBy(asc(nodes.position), asc(nodes.positionInGroup), asc(nodes.id)),
		db
			.select()
			.from(events)
			.where(and(eq(events.shipSetId, shipSetId), eq(events.organizationId, organizationId)))
			.orderBy(desc(events.eventAt), asc(events.id)),
		db
			.select({ shipment: shipments, carrierName: carriers.name })
			.from(shipments)
			.leftJoin(carriers, eq(carriers.id, shipments.carrierId))
			.where(and(eq(shipments.shipSetId, shipSetId), eq(shipments.organizationId, organizationId)))
			.orderBy(desc(shipments.finalMile), desc(shipments.createdAt), asc(shipments.id)),
		guestNotification(db, grant),
	])

	// Shipper and consignee of the shipments, one query for all.
	const placeIds = [
		...new Set(
			shipmentRows.flatMap((s) => [s.shipment.shipperLocationId, s.shipment.consigneeLocationId]),
		),
	].filter((id): id is string => id !== null)
	const places = new Map<string, Place | null>()
	if (placeIds.length) {
		const rows = await db
			.select()
			.from(locations)
			.where(and(eq(locations.organizationId, organizationId), inArray(locations.id, placeIds)))
		for (const l of rows) places.set(l.id, place(l))
	}
	const nodeById = new Map(nodeRows.map((r) => [r.node.id, r]))
	const firstAt = new Map<string, string>()
	for (const e of eventRows) if (e.nodeId) firstAt.set(e.nodeId, e.eventAt.toISOString()) // newest first: the last write is the earliest

	const bySection: Record<SectionKey, GuestEventWire[]> = {
		in_process: [],
		transit: [],
		customer: [],
	}
	for (const e of eventRows) {
		const owner = e.nodeId ? nodeById.get(e.nodeId) : undefined
		const key = owner ? sectionOf(owner.node.buildingType) : 'in_process'
		bySection[key].push({
			id: e.id,
			title: e.title,
			summary: e.summary,
			event_at: e.eventAt.toISOString(),
			timezone_name: e.timezoneName,
			event_type: e.eventType as GuestEventWire['event_type'],
			stale_at: iso(e.staleAt),
			blockchain_verified: e.blockchainVerified,
			node_id: e.nodeId,
			node: owner ? { source: owner.node.source, icon_class: owner.node.iconClass } : null,
			shipment_status: { location_at: e.locationAt },
			node_location: place(owner?.location ?? null),
			first_event_at: e.nodeId ? (firstAt.get(e.nodeId) ?? null) : null,
		})
	}

	// The shipment that carries the order to its customer: the final-mile one, else the newest.
	const main = shipmentRows[0]
	const shipment: Section['shipment'] = main
		? {
				tracking_number: main.shipment.trackingNumber,
				carrier: main.carrierName ? { name: main.carrierName } : null,
				shipper: main.shipment.shipperLocationId
					? (places.get(main.shipment.shipperLocationId) ?? null)
					: null,
				consignee: main.shipment.consigneeLocationId
					? (places.get(main.shipment.consigneeLocationId) ?? null)
					: null,
			}
		: null

	const ofType = (key: SectionKey) => nodeRows.filter((r) => sectionOf(r.node.buildingType) === key)
	const lastWithEvents = (key: SectionKey) =>
		ofType(key)
			.filter((r) => r.node.lastEventAt)
			.sort((a, b) => b.node.lastEventAt!.getTime() - a.node.lastEventAt!.getTime())[0] ??
		ofType(key)[0]
	const current = lastWithEvents('in_process')
	const transitNode = ofType('transit').find((r) => r.location) ?? null
	const customerNode = ofType('customer').find((r) => r.location) ?? null

	return {
		ship_set: {
			name: order.name,
			status: guestStatus(order.status, {
				in_process: bySection.in_process.length > 0,
				transit: bySection.transit.length > 0,
				customer: bySection.customer.length > 0,
			}),
			location: place(order.location),
			in_process: current
				? { building_type: current.node.buildingType, icon_class: current.node.iconClass }
				: null,
			events: bySection.in_process,
			transit: {
				events: bySection.transit,
				shipment,
				location: place(transitNode?.location ?? null),
			},
			customer: {
				events: bySection.customer,
				shipment,
				location: place(customerNode?.location ?? null) ?? place(order.location),
			},
		},
		notification,
	}
}

/** The link was used: when, for the sharer's records (share_recipients.last_used_at). */
export async function touchGuestGrant(db: Database, grant: GuestGrant): Promise<void> {
	await db
		.update(shareRecipients)
		.set({ lastUsedAt: new Date() })
		.where(eq(shareRecipients.id, grant.recipientId))
}

/**
 * Saves the guest's setting for this order (notification_preferences keyed by guest_email,
 * view type the share's), and the historical-log line, in one transaction.
 */
export async function saveGuestNotification(
	db: Database,
	grant: GuestGrant,
	setting: { notif_type: GuestNotifType; comments: boolean; promise_date: boolean },
): Promise<{ view_type: string; notif_type: GuestNotifType }> {
	const email = grant.email.toLowerCase()
	const values = {
		viewType: grant.viewType,
		notifType: setting.notif_type,
		nodes: [] as string[],
		comments: setting.comments,
		promiseDate: setting.promise_date,
	}
	await db.transaction(async (tx) => {
		await tx
			.insert(notificationPreferences)
			.values({
				organizationId: grant.organizationId,
				shipSetId: grant.shipSetId,
				guestEmail: email,
				...values,
			})
			.onConflictDoUpdate({
				target: [notificationPreferences.shipSetId, notificationPreferences.guestEmail],
				set: { ...values, updatedAt: sql`now()` },
			})
		await recordHistoricalLog(tx, {
			organizationId: grant.organizationId,
			shipSetId: grant.shipSetId,
			userId: null,
			message: `Guest ${email} set notifications: ${GUEST_NOTIF_LABELS[setting.notif_type]}`,
		})
	})
	return { view_type: grant.viewType, notif_type: setting.notif_type }
}

type GuestTimeline = Pick<GuestTimelineResponse, 'ship_set' | 'comments' | 'notification'>

/**
 * The order timeline a guest link opens (002 §7 "guest: /guest/{id}"): the signed-in read
 * (`waymark_timeline`, with no user: nobody follows, no user's settings) and a page of its
 * comments from the same statement, then cut to what a guest gets by parsing with the guest
 * schemas (every other key is dropped, so nothing 002 §1 withholds reaches the wire). Comment
 * authors and mentioned people go by name only. Null when the order is not the grant's.
 */
export async function guestTimeline(
	db: Database,
	grant: GuestGrant,
	commentsOffset: number,
): Promise<GuestTimeline | null> {
	const { organizationId, shipSetId } = grant
	const { rows } = await db.execute<{ ship_set: unknown; comments: CommentsPageRow }>(
		sql`select waymark_timeline(${organizationId}, null, ${shipSetId}) as ship_set,
			waymark_comments_page(${organizationId}, ${shipSetId}, ${commentsOffset}::int, ${COMMENT_PAGE_SIZE}::int) as comments`,
	)
	const row = rows[0]
	if (!row?.ship_set) return null
	const page = commentsPage(row.comments, commentsOffset, COMMENT_PAGE_SIZE)
	const notification = await guestNotification(db, grant)
	const nameOf = (p: { first_name: string | null; last_name: string | null }) =>
		[p.first_name, p.last_name].filter(Boolean).join(' ').trim()
	return {
		ship_set: GuestTimelineShipSet.parse(row.ship_set),
		comments: {
			...page,
			comments: page.comments.map((c) =>
				GuestComment.parse({
					...c,
					author: nameOf(c) || 'Unknown user',
					mentioned_users: c.mentioned_users.map((p) => ({
						id: p.id,
						name: nameOf(p) || 'Unknown user',
					})),
				}),
			),
		},
		notification,
	}
}
