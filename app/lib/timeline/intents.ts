import { useLocation, useParams } from 'react-router'

/**
 * The timeline's capabilities and the intents each one's action route answers (002 §4–§7).
 * A form posts to its capability's route (`actionPath`) with one of these as `intent`; the
 * handlers are registered under the same constants, so no intent is a repeated string.
 */
export const TIMELINE_INTENTS = {
	follow: { follow: 'follow', unfollow: 'unfollow' },
	comments: { comment: 'comment' },
	shipments: {
		add: 'shipment-add',
		close: 'shipment-close',
		cancel: 'shipment-cancel',
		remove: 'shipment-remove',
	},
	related: { add: 'related-add', remove: 'related-remove' },
	share: { check: 'share-check', share: 'share', revoke: 'share-revoke' },
	notifications: { save: 'notifications' },
	files: {
		uploadDocuments: 'upload-documents',
		uploadPhotos: 'upload-photos',
		photoNotes: 'photo-notes',
	},
} as const

/** The id of the timeline's layout route, whose loader reads the page (app/routes.ts). */
export const TIMELINE_LAYOUT_ROUTE = 'routes/timeline/layout'

export type TimelineCapability = keyof typeof TIMELINE_INTENTS

/** /timeline/{id}/{capability} with the page's query, so the action redirects back to the same view. */
function actionPath(shipSetId: string, capability: TimelineCapability, search: string): string {
	return `/timeline/${shipSetId}/${capability}${search}`
}

/** The action URL of a capability for the timeline being shown. */
export function useTimelineAction(capability: TimelineCapability): string {
	const { shipSetId = '' } = useParams()
	const { search } = useLocation()
	return actionPath(shipSetId, capability, search)
}
