/**
 * The shipment rules of 002 §4 "Shipment statuses and actions", written once: the web app
 * decides which controls to show with them and the API refuses what they forbid.
 * Pure and client-safe (no zod, no database).
 */

export const SHIPMENT_STATUS_LABELS: Record<string, string> = {
	pending: 'Pending',
	in_transit: 'In Transit',
	delivered: 'Delivered',
	closed: 'Closed',
	cancelled: 'Canceled',
}

/** "Statuses: Pending, In Transit, Delivered, Closed, Cancelled (displayed 'Canceled')." */
export function shipmentStatusLabel(status: string): string {
	return SHIPMENT_STATUS_LABELS[status] ?? status.replace(/_/g, ' ')
}

export type BadgeColour = 'green' | 'orange' | 'red'

/** "Badge colours: green for Delivered and Closed, orange for In Transit, red for Pending and Cancelled." */
export function shipmentBadgeColour(status: string): BadgeColour {
	if (status === 'delivered' || status === 'closed') return 'green'
	if (status === 'in_transit') return 'orange'
	return 'red'
}

export type ShipmentAction = 'close' | 'cancel' | 'remove'

export interface ActionableShipment {
	status: string
	manuallyCreated: boolean
}

/** "'Mark as closed' (close) and 'Mark as canceled' (cancel) are offered when the status is not Cancelled, Closed or Delivered." */
export function canCloseOrCancel(s: Pick<ActionableShipment, 'status'>): boolean {
	return !['cancelled', 'closed', 'delivered'].includes(s.status)
}

/**
 * "'Remove Shipment' (delete) is offered only for manually created shipments in Pending status."
 * "Shipments that were not manually created, or were already tracked, cannot be removed."
 * A tracked shipment has left Pending; the API also refuses one that already has events.
 */
export function canRemove(s: ActionableShipment): boolean {
	return s.manuallyCreated && s.status === 'pending'
}

/**
 * The actions offered for one shipment. "With the close-or-cancel flag on: close and cancel
 * … remove …. Without the flag only a trash icon is offered, for manually created Pending shipments."
 */
export function shipmentActions(
	s: ActionableShipment,
	closeOrCancelFlag: boolean,
): ShipmentAction[] {
	const actions: ShipmentAction[] = []
	if (closeOrCancelFlag && canCloseOrCancel(s)) actions.push('close', 'cancel')
	if (canRemove(s)) actions.push('remove')
	return actions
}

/** "Are you sure you want to {action} Shipment {trackingNumber}? This action cannot be undone." */
export function shipmentConfirmText(action: ShipmentAction, trackingNumber: string | null): string {
	return `Are you sure you want to ${action} Shipment ${trackingNumber ?? ''}? This action cannot be undone.`.replace(
		' ?',
		'?',
	)
}

/** The refusals the API answers (the web app shows them in the 'Shipments' error toast). */
export const SHIPMENT_REFUSALS = {
	closeOrCancel: (status: string) =>
		`A ${shipmentStatusLabel(status)} shipment cannot be closed or canceled.`,
	remove: 'Only manually created Pending shipments can be removed.',
	tracked: 'This shipment is already tracked and cannot be removed.',
} as const
