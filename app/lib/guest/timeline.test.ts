import { describe, expect, it } from 'vitest'
import { guestStatusNote } from './timeline'

const node = (buildingType: string, lastEventAt: string | null) =>
	({ buildingType, lastEventAt }) as Parameters<typeof guestStatusNote>[0]['nodes'][number]

describe('guestStatusNote (000 §2 the pending and in-process texts)', () => {
	it('"Pending step text: \'Ship Set is currently waiting to be processed.\'"', () => {
		expect(guestStatusNote({ status: 'pending', nodes: [] })).toBe(
			'Ship Set is currently waiting to be processed.',
		)
	})
	it('"In-process text: \'Ship Set is currently in process at {building type}.\'": the node neither Transit nor Customer with the latest event', () => {
		const nodes = [
			node('Factory', '2026-10-01T10:00:00Z'),
			node('DC', '2026-10-03T10:00:00Z'),
			node('Transit', '2026-10-05T10:00:00Z'),
			node('Customer', null),
		]
		expect(guestStatusNote({ status: 'in_process', nodes })).toBe(
			'Ship Set is currently in process at DC.',
		)
		expect(guestStatusNote({ status: 'in_process', nodes: [] })).toBe(
			'Ship Set is currently in process.',
		)
	})
	it('says nothing past the in-process step: the node strip shows those events', () => {
		expect(guestStatusNote({ status: 'in_transit', nodes: [] })).toBeNull()
		expect(guestStatusNote({ status: 'delivered', nodes: [] })).toBeNull()
	})
})
