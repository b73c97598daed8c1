import type { Camelize } from '~/lib/camelize'
import type { GuestTimelineResponse } from '#contracts/sharing/guest'
import type { TimelineNode } from '~/lib/timeline/types'
import { segmentsByName } from '#shared/mentions'
import type { ListedComment } from '~/lib/timeline/comments'
import { guestTexts, inProcessText } from './restricted'

/**
 * The guest link's order as the timeline's components read it (002 §1 "a restricted read-only
 * version of the same screen"). Pure and client-safe.
 */

type Wire = Camelize<GuestTimelineResponse>
type WireShipSet = Wire['shipSet']

/** The guest's order: the signed-in timeline's fields it gets; its nodes carry no sensor group. */
export type GuestShipSet = Omit<WireShipSet, 'nodes'> & { nodes: TimelineNode[] }

/** 002 §4 "Sensor data requests are made only for nodes with a trackingGroupId and never for guests": none here. */
export function guestShipSet(wire: WireShipSet): GuestShipSet {
	return {
		...wire,
		nodes: wire.nodes.map((n) => ({
			...n,
			trackingGroupId: null,
			hasSensorData: false,
			measurementTypes: [],
		})),
	}
}

/** A guest's comment as the comment list shows it: the author and the people it mentions by name. */
export function guestComment(c: Wire['comments']['comments'][number]): ListedComment {
	return {
		commentId: c.commentId,
		author: c.author,
		createdAt: c.createdAt,
		segments: segmentsByName(c.commentBody, new Map(c.mentionedUsers.map((u) => [u.id, u.name]))),
		buildingType: c.buildingType,
		trackingNumber: c.trackingNumber,
		carrierName: c.carrierName,
	}
}

const OWN_SECTIONS = new Set(['Transit', 'Customer'])

/**
 * What the status bar says of the current step (000 §2 "Pending step text: 'Ship Set is
 * currently waiting to be processed.' In-process text: 'Ship Set is currently in process at
 * {building type}.'"): the node in process is the one neither Transit nor Customer whose last
 * event is the latest. Nothing for the later steps, whose events the node strip shows.
 */
export function guestStatusNote(shipSet: Pick<GuestShipSet, 'status' | 'nodes'>): string | null {
	if (shipSet.status === 'pending') return guestTexts.pending
	if (shipSet.status !== 'in_process') return null
	const inProcess = shipSet.nodes
		.filter((n) => !OWN_SECTIONS.has(n.buildingType) && n.lastEventAt)
		.sort((a, b) => Date.parse(b.lastEventAt!) - Date.parse(a.lastEventAt!))[0]
	return inProcessText(inProcess?.buildingType)
}
