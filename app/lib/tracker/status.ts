import type { ShipSetStatusCode } from '#contracts/sharing/public-tracker'

export type { ShipSetStatusCode }

/** 000 §2 "Statuses: Pending, In Process, In Transit, Delivered, Cancelled, Closed". */
export const RAW_STATUS_LABELS: Record<ShipSetStatusCode, string> = {
	pending: 'Pending',
	in_process: 'In Process',
	in_transit: 'In Transit',
	delivered: 'Delivered',
	cancelled: 'Cancelled',
	closed: 'Closed',
}

/**
 * The word the public tracker shows for a status. 000 §2 "The results status badge shows
 * the raw status In Process as 'In Transit' and In Transit as 'Final Mile'."
 */
export function publicStatusLabel(status: ShipSetStatusCode): string {
	if (status === 'in_process') return 'In Transit'
	if (status === 'in_transit') return 'Final Mile'
	return RAW_STATUS_LABELS[status]
}

/**
 * The badge's colour, one per status (000 §2 "each with a distinct colour"): the CSS
 * modifier `status-badge--{tone}`. Cancelled red, Delivered and Closed green as on the
 * status bar (000 §4), told apart by shade.
 */
export type StatusTone = 'grey' | 'blue' | 'orange' | 'green' | 'red' | 'teal'

export function statusTone(status: ShipSetStatusCode): StatusTone {
	const tones: Record<ShipSetStatusCode, StatusTone> = {
		pending: 'grey',
		in_process: 'blue',
		in_transit: 'orange',
		delivered: 'green',
		cancelled: 'red',
		closed: 'teal',
	}
	return tones[status]
}

const CODES = new Set<string>(Object.keys(RAW_STATUS_LABELS))

export function isShipSetStatus(value: string): value is ShipSetStatusCode {
	return CODES.has(value)
}
