import type {
	EventView,
	GroupView,
	NodeView,
	PublicShipSet,
	TimelineView,
} from '~/lib/tracker/timeline-view'
import { eventTone, showsVerifiedNote } from '~/lib/tracker/events'
import { statusBar } from '~/lib/tracker/status-bar'
import { trackerTexts } from '~/lib/tracker/texts'
import {
	formatLongDate,
	formatPlace,
	formatShortDate,
	formatTime,
	INVALID_DATE,
} from './format.server'

/**
 * The public timeline's view (~/lib/tracker/timeline-view) as its loader builds it: every date
 * formatted here, on the server, so that the page's modules carry no date code.
 */

function isTransitType(buildingType: string): boolean {
	return buildingType === 'Transit'
}

type ApiEvent = PublicShipSet['events'][number]

/** One event as the list shows it. */
function eventView(e: ApiEvent): EventView {
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
