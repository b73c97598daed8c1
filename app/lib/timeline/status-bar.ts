/**
 * The order status bar (002 §4 "Order status bar (behind feature flags)").
 */

export interface StatusStep {
	label: string
	state: 'done' | 'current' | 'faded'
}

const NORMAL = ['Pending', 'In Transit', 'Final Mile', 'Delivered']
const CANCELLED = ['Pending', 'In Transit', 'Final Mile', 'Canceled']
const CLOSED = ['Pending', 'Closed']

/**
 * Steps for an order status. "In Transit (raw status in_transit or in_process)"; "In the
 * final-mile-fix variant the in_transit status shows as final_mile"; "Stages after the
 * current one are faded." A cancelled order is current at Canceled, a closed one at Closed.
 */
export function statusSteps(status: string, finalMileFix: boolean): StatusStep[] {
	const labels = status === 'cancelled' ? CANCELLED : status === 'closed' ? CLOSED : NORMAL
	let current: string
	if (status === 'cancelled') current = 'Canceled'
	else if (status === 'closed') current = 'Closed'
	else if (status === 'delivered') current = 'Delivered'
	else if (status === 'in_transit') current = finalMileFix ? 'Final Mile' : 'In Transit'
	else if (status === 'in_process') current = 'In Transit'
	else current = 'Pending'
	const at = labels.indexOf(current)
	return labels.map((label, i) => ({
		label,
		state: i < at ? 'done' : i === at ? 'current' : 'faded',
	}))
}
