import { describe, expect, it } from 'vitest'
import { ToggleName } from '../../server/toggles/toggles.contract'
import { TOGGLES } from '../../server/db/seed/toggles'

/**
 * The demo-data contract (docs/demo-data.md "Feature toggles"): "Every toggle that 000 §6, 001 §6
 * and 002 §6 name exists … Seeded off: the single-column last-event display and the
 * demo-organization icon fix (so their 'on' state is a visible change)."
 */
describe('the toggles are seeded as the demo data says', () => {
	const seeded = (name: string) => TOGGLES.find((t) => t.name === name)?.enabled
	it('every toggle the web app reads has a seed row', () => {
		for (const name of Object.values(ToggleName))
			expect(
				TOGGLES.some((t) => t.name === name),
				name,
			).toBe(true)
	})
	it('on: the shipment-date fix, timeline options, the redesigned header, the service type field, the final-transit fix and analytics events of every surface', () => {
		for (const key of [
			'shipmentDateLocalTimezoneFix',
			'timelineOptions',
			'redesignedHeader',
			'serviceTypeField',
			'groupedNodeFinalTransitFix',
			'analyticsEventsPublicTracker',
			'analyticsEventsTimeline',
			'analyticsEventsDashboard',
			'analyticsEventsGuestTimeline',
		] as const)
			expect(seeded(ToggleName[key]), key).toBe(true)
	})
	it('off: the single-column last-event display and the demo-organization icon fix', () => {
		expect(seeded(ToggleName.singleColumnLastEvent)).toBe(false)
		expect(seeded(ToggleName.demoOrganizationIconFix)).toBe(false)
	})
})
