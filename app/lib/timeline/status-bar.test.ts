import { describe, expect, it } from 'vitest'
import { statusSteps } from './status-bar'

const labels = (s: string, fix = false) => statusSteps(s, fix).map((x) => x.label)
const current = (s: string, fix = false) =>
	statusSteps(s, fix).find((x) => x.state === 'current')?.label

describe('order status bar (002 §4 "Order status bar")', () => {
	it('"Normal order: Pending, In Transit (raw status in_transit or in_process), Final Mile, Delivered."', () => {
		expect(labels('pending')).toEqual(['Pending', 'In Transit', 'Final Mile', 'Delivered'])
		expect(current('in_transit')).toBe('In Transit')
		expect(current('in_process')).toBe('In Transit')
		expect(current('delivered')).toBe('Delivered')
	})
	it('"In the final-mile-fix variant the in_transit status shows as final_mile."', () => {
		expect(current('in_transit', true)).toBe('Final Mile')
		expect(current('in_process', true)).toBe('In Transit')
	})
	it('"Cancelled order: Pending, In Transit, Final Mile, Canceled. Closed order: Pending, Closed."', () => {
		expect(labels('cancelled')).toEqual(['Pending', 'In Transit', 'Final Mile', 'Canceled'])
		expect(labels('closed')).toEqual(['Pending', 'Closed'])
		expect(current('closed')).toBe('Closed')
	})
	it('"Stages after the current one are faded."', () => {
		expect(statusSteps('in_transit', false).map((s) => s.state)).toEqual([
			'done',
			'current',
			'faded',
			'faded',
		])
	})
})
