import { placeText, type OrderDraft } from './draft'
import { globalIds, type Site } from './reference'

/** Shared by the hand-written named orders (SO-1001 … SO-1007): fixed instants, people, an event writer. */

export const at = (iso: string) => new Date(iso)
export const OLIVIA = globalIds.user('olivia@acme.test')
export const VICTOR = globalIds.user('victor@acme.test')

export const SO_1001 = {
	name: 'SO-1001',
	referenceNumber: 'PO-7781',
	upsTracking: '1Z999AA10123456784',
	uspsTracking: '9400111899223197428490',
	pallet: 'PLT-1001-01',
	carton: 'CTN-1001-0001',
}

export type EventWriter = (
	nodeId: string,
	when: string,
	title: string,
	type: string,
	site: Site,
	extra?: object,
) => void

/** Adds an event at an ISO instant, in the site's zone and place. */
export function eventWriter(d: OrderDraft): EventWriter {
	return (nodeId, when, title, eventType, site, extra = {}) =>
		d.addEvent({
			nodeId,
			title,
			eventType,
			eventAt: at(when),
			timezoneName: site.place.timezone,
			locationAt: placeText(site),
			...extra,
		})
}
