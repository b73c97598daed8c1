import { describe, expect, it } from 'vitest'
import { shortenTagged, taggedLink, taggedStatus } from './tagged-comments'

describe('Tagged Comments card (001 §2, §3)', () => {
	it('"Order statuses (display)": the spec\'s labels, cancelled as Canceled', () => {
		expect(taggedStatus('in_transit', null).label).toBe('In Transit')
		expect(taggedStatus('final_mile', null).label).toBe('Final Mile')
		expect(taggedStatus('cancelled', null).label).toBe('Canceled')
		expect(taggedStatus('closed', null).label).toBe('Closed')
		expect(taggedStatus('delivered', null).label).toBe('Delivered')
	})
	it('"The tagged comment card defaults the status to \'pending\'"', () => {
		expect(taggedStatus(null, null).label).toBe('Pending')
		expect(taggedStatus('something_new', null).label).toBe('Pending')
	})
	it('"a last-event type of exception marks it as exception"', () => {
		expect(taggedStatus('in_transit', 'exception').exception).toBe(true)
		expect(taggedStatus('in_transit', 'transit').exception).toBe(false)
	})
	it('"Comments longer than 150 characters are shortened"', () => {
		expect(shortenTagged([{ text: 'x'.repeat(150) }])).toBeNull()
		expect(shortenTagged([{ text: 'x'.repeat(151) }])).toEqual([{ text: 'x'.repeat(150) }])
	})
	it('"A node-level link from Tagged Comments is timeline/{shipSetId}?nodeId={nodeId}"', () => {
		expect(taggedLink('s1', 'n1')).toBe('/timeline/s1?nodeId=n1')
		expect(taggedLink('s1', null)).toBe('/timeline/s1')
	})
})
