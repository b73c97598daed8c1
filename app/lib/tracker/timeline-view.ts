import type { Camelize } from '~/lib/camelize'
import type { PublicTimelineResponse } from '#contracts/sharing/public-tracker'
import { eventTone, showsVerifiedNote, type EventTone, type EventType } from './events'
import { formatLongDate, formatPlace, formatShortDate, formatTime, INVALID_DATE } from './format'
import type { ShipSetStatusCode } from './status'
import { statusBar, type StatusBar } from './status-bar'
import { trackerTexts } from './texts'

/**
 * The public timeline as the screen shows it (000 §2 "Public timeline"), built once by the
 * loader from the API's public payload: every date already formatted, every fallback text
 * in place. Plain data: it crosses to the browser as JSON and needs no date code there.
 */

export type PublicShipSet = Camelize<PublicTimelineResponse>['data']['shipSet']

export interface EventView {
	id: string
	nodeId: string | null
	title: string
	date: string
	time: string
	location: string | null
	tone: EventTone
	verifiedNote: boolean
	eventType: EventType
	staleAt: string | null
	blockchainVerified: boolean
	/** The event's summary split at its semicolons (000 §3 "summary (semicolons shown as line breaks)"); the guest view's events have one. */
	summaryLines?: string[]
}

interface ShipmentView {
	trackingNumber: string | null
	carrier: string | null
	estimatedDelivery: string
	shipper: string | null
	consignee: string | null
}

export interface NodeView {
	id: string
	groupKey: string
	buildingType: string
	isTransit: boolean
	/** MM/DD/YYYY of the node's last event, in that event's zone; null without one. */
	date: string | null
	lastEventAt: string | null
	hasException: boolean
	/** Non-transit nodes: the node's place. Transit nodes: the place of the latest scan. */
	location: string | null
	shipment: ShipmentView | null
	/** Newest first. */
	events: EventView[]
}

export interface GroupView {
	key: string
	nodeIds: string[]
	buildingType: string
	isTransit: boolean
	date: string | null
	hasException: boolean
}

export interface TimelineView {
	orderNumber: string
	referenceNumber: string | null
	destination: string
	status: ShipSetStatusCode
	statusBar: StatusBar
	hasEvents: boolean
	groups: GroupView[]
	nodes: Record<string, NodeView>
}

function isTransitType(buildingType: string): boolean {
	return buildingType === 'Transit'
}

type ApiEvent = PublicShipSet['events'][number]

/** One event as the list shows it (also the guest view's, whose events carry the same fields). */
export function eventView(e: ApiEvent): EventView {
	const facts = {
		eventType: e.eventType,
		staleAt: e.staleAt,
		blockchainVerified: e.blockchainVerified,
	}
	return {
		id: e.id,
		nodeId: e.nodeId,
		title: e.title.trim() || trackerTexts.noDescription,
		date: formatLongDate(e.eventAt, e.timezoneName),
		time: formatTime(e.eventAt, e.timezoneName),
		location: e.shipmentStatus.locationAt,
		tone: eventTone(facts),
		verifiedNote: showsVerifiedNote(facts),
		...facts,
	}
}

export function buildTimelineView(shipSet: PublicShipSet): TimelineView {
	const eventsByNode = new Map<string, ApiEvent[]>()
	for (const e of shipSet.events) {
		if (!e.nodeId) continue
		const list = eventsByNode.get(e.nodeId) ?? []
		list.push(e)
		eventsByNode.set(e.nodeId, list)
	}
	const shipments = new Map(shipSet.shipments.map((s) => [s.id, s]))
	const groupOf = new Map<string, string>()
	for (const g of shipSet.groupedNodes) for (const id of g.nodeIds) groupOf.set(id, g.key)

	const nodes: Record<string, NodeView> = {}
	for (const n of shipSet.nodes) {
		const own = (eventsByNode.get(n.id) ?? [])
			.slice()
			.sort((a, b) => b.eventAt.localeCompare(a.eventAt))
		const lastLive = own.find((e) => !e.staleAt)
		const isTransit = isTransitType(n.buildingType)
		const s = n.connectableId ? shipments.get(n.connectableId) : undefined
		const edd = formatLongDate(s?.deliveryDate ?? null, s?.deliveryDateTimezone)
		nodes[n.id] = {
			id: n.id,
			groupKey: groupOf.get(n.id) ?? n.id,
			buildingType: n.buildingType,
			isTransit,
			date: n.lastEventAt ? formatShortDate(n.lastEventAt, lastLive?.timezoneName) : null,
			lastEventAt: n.lastEventAt,
			hasException: n.withExceptionEvent,
			location: isTransit ? (lastLive?.shipmentStatus.locationAt ?? null) : formatPlace(n.location),
			shipment: s
				? {
						trackingNumber: s.trackingNumber,
						carrier: s.carrier?.name ?? null,
						estimatedDelivery: edd === INVALID_DATE ? trackerTexts.notAvailable : edd,
						shipper: formatPlace(s.shipper),
						consignee: formatPlace(s.consignee),
					}
				: null,
			events: own.map(eventView),
		}
	}

	const groups: GroupView[] = shipSet.groupedNodes
		.map((g) => {
			const members = g.nodeIds.map((id) => nodes[id]).filter((n): n is NodeView => Boolean(n))
			const first = members[0]
			if (!first) return null
			const latest = members
				.filter((n) => n.lastEventAt)
				.sort((a, b) => (b.lastEventAt ?? '').localeCompare(a.lastEventAt ?? ''))[0]
			return {
				key: g.key,
				nodeIds: members.map((n) => n.id),
				buildingType: first.buildingType,
				isTransit: members.some((n) => n.isTransit),
				date: latest?.date ?? null,
				hasException: members.some((n) => n.hasException),
			}
		})
		.filter((g): g is GroupView => g !== null)

	return {
		orderNumber: shipSet.name,
		referenceNumber: shipSet.referenceNumber,
		destination: formatPlace(shipSet.location) ?? trackerTexts.notAvailable,
		status: shipSet.status,
		statusBar: statusBar(shipSet.status),
		hasEvents: shipSet.events.length > 0,
		groups,
		nodes,
	}
}
