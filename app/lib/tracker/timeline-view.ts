import type { Camelize } from '~/lib/camelize'
import type { PublicTimelineResponse } from '#contracts/sharing/public-tracker'
import type { EventTone, EventType } from './events'
import type { ShipSetStatusCode } from './status'
import type { StatusBar } from './status-bar'

/**
 * The public timeline as the screen shows it (000 §2 "Public timeline"), built once by the
 * loader from the API's public payload (app/routes/tracker/timeline-view.server.ts): every date
 * already formatted, every fallback text in place. Plain data: it crosses to the browser as JSON
 * and needs no date code there.
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
