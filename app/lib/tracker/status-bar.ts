import { publicStatusLabel, type ShipSetStatusCode } from './status'

type StepState = 'done' | 'current' | 'upcoming'

export interface StatusBar {
	steps: { label: string; state: StepState }[]
	/** Where the current step sits, in percent: 0, 25, 50 or 75. */
	progress: number
	/** How much of the bar is filled, in percent: progress plus one step of 25. */
	fill: number
	/** 'red' (Cancelled), 'green' (Delivered, Closed) or 'default'. */
	tone: 'red' | 'green' | 'default'
}

/** 000 §9 "Order-status-bar step fill 25% per step". */
const STEP_FILL = 25

const FLOW: readonly ShipSetStatusCode[] = ['pending', 'in_process', 'in_transit', 'delivered']

/**
 * The ORDER STATUS bar of the public timeline (000 §4): "Pending 0%, In Process 25%, In
 * Transit 50%, Delivered 75% progress; each step adds 25% fill. Cancelled and Closed use
 * their own shortened step lists with a 50% fill. Current step enlarged, later steps
 * greyed. Cancelled is red, Closed and Delivered are green. Status lists:
 * Pending/Cancelled; Pending/Closed; Pending/In Process/In Transit/Delivered;
 * Pending/In Transit/Final Mile/Delivered."
 *
 * Which list for which raw status (our decision, the spec leaves it open):
 * - pending, in_process, in_transit, delivered walk the four steps of the normal flow.
 *   "Pending/In Process/In Transit/Delivered" names those steps by their raw statuses,
 *   "Pending/In Transit/Final Mile/Delivered" is the same list under the words the public
 *   results badge uses for them (In Process shown 'In Transit', In Transit shown 'Final
 *   Mile', 000 §2). The public tracker shows the second, so a visitor reads the same word
 *   on the results row and on the timeline. The current step is the raw status's index:
 *   progress = index × 25, fill = progress + 25.
 * - cancelled: Pending/Cancelled; closed: Pending/Closed. The second step is current,
 *   progress 25 and fill 50.
 */
export function statusBar(status: ShipSetStatusCode): StatusBar {
	if (status === 'cancelled' || status === 'closed') {
		return {
			steps: [
				{ label: 'Pending', state: 'done' },
				{ label: publicStatusLabel(status), state: 'current' },
			],
			progress: STEP_FILL,
			fill: 2 * STEP_FILL,
			tone: status === 'cancelled' ? 'red' : 'green',
		}
	}
	const current = FLOW.indexOf(status)
	return {
		steps: FLOW.map((step, i) => ({
			label: publicStatusLabel(step),
			state: i < current ? 'done' : i === current ? 'current' : 'upcoming',
		})),
		progress: current * STEP_FILL,
		fill: (current + 1) * STEP_FILL,
		tone: status === 'delivered' ? 'green' : 'default',
	}
}
