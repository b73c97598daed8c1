import { describe, expect, it } from 'vitest'
import { statusBar } from './status-bar'
import { publicStatusLabel, statusTone } from './status'
import type { ShipSetStatusCode } from './status'

const labels = (status: ShipSetStatusCode) => statusBar(status).steps.map((s) => s.label)
const current = (status: ShipSetStatusCode) =>
	statusBar(status).steps.find((s) => s.state === 'current')?.label

describe('statusBar (000 §4 "Public statuses and the order status bar")', () => {
	it('"Pending 0%, In Process 25%, In Transit 50%, Delivered 75% progress; each step adds 25% fill"', () => {
		const figures = (['pending', 'in_process', 'in_transit', 'delivered'] as const).map((s) => {
			const { progress, fill } = statusBar(s)
			return [s, progress, fill]
		})
		expect(figures).toEqual([
			['pending', 0, 25],
			['in_process', 25, 50],
			['in_transit', 50, 75],
			['delivered', 75, 100],
		])
	})

	it('"Status lists: … Pending/In Transit/Final Mile/Delivered" for the normal flow, under the badge\'s words', () => {
		for (const s of ['pending', 'in_process', 'in_transit', 'delivered'] as const) {
			expect(labels(s)).toEqual(['Pending', 'In Transit', 'Final Mile', 'Delivered'])
		}
		expect(current('in_process')).toBe('In Transit')
		expect(current('in_transit')).toBe('Final Mile')
	})

	it('"Cancelled and Closed use their own shortened step lists with a 50% fill"', () => {
		expect(labels('cancelled')).toEqual(['Pending', 'Cancelled'])
		expect(labels('closed')).toEqual(['Pending', 'Closed'])
		expect(statusBar('cancelled').fill).toBe(50)
		expect(statusBar('closed').fill).toBe(50)
		expect(current('cancelled')).toBe('Cancelled')
	})

	it('"Current step enlarged, later steps greyed": steps before are done, after are upcoming', () => {
		expect(statusBar('in_process').steps.map((s) => s.state)).toEqual([
			'done',
			'current',
			'upcoming',
			'upcoming',
		])
		expect(statusBar('delivered').steps.map((s) => s.state)).toEqual([
			'done',
			'done',
			'done',
			'current',
		])
	})

	it('"Cancelled is red, Closed and Delivered are green"', () => {
		expect(statusBar('cancelled').tone).toBe('red')
		expect(statusBar('closed').tone).toBe('green')
		expect(statusBar('delivered').tone).toBe('green')
		expect(statusBar('in_transit').tone).toBe('default')
	})
})

describe('results badge (000 §2 "Public results")', () => {
	it("\"shows the raw status In Process as 'In Transit' and In Transit as 'Final Mile'\"", () => {
		expect(publicStatusLabel('in_process')).toBe('In Transit')
		expect(publicStatusLabel('in_transit')).toBe('Final Mile')
		expect(publicStatusLabel('pending')).toBe('Pending')
		expect(publicStatusLabel('cancelled')).toBe('Cancelled')
	})

	it('"each with a distinct colour"', () => {
		const all = ['pending', 'in_process', 'in_transit', 'delivered', 'cancelled', 'closed'] as const
		expect(new Set(all.map(statusTone)).size).toBe(all.length)
	})
})
