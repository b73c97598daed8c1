import { describe, expect, it } from 'vitest'
import { catalogueAction, toastDuration } from './error-catalogue'

describe('error catalogue (000 §8)', () => {
	it('401 restarts sign-in; 403 goes to /403', () => {
		expect(catalogueAction(401, 'Unauthorized')).toEqual({ kind: 'sign-in' })
		expect(catalogueAction(403, 'Forbidden')).toEqual({ kind: 'forbidden' })
	})
	it("404 → 'Resource not Found' / 'Unable to load resource'", () => {
		expect(catalogueAction(404, 'x')).toEqual({
			kind: 'toast',
			title: 'Resource not Found',
			description: 'Unable to load resource',
		})
	})
	it("500, 502, 503 → 'Internal Server Error', 'Bad Gateway', 'Service Unavailable' with the same message", () => {
		const d = 'The server was unable to complete your request.'
		expect(catalogueAction(500, 'x')).toEqual({
			kind: 'toast',
			title: 'Internal Server Error',
			description: d,
		})
		expect(catalogueAction(502, 'x')).toEqual({
			kind: 'toast',
			title: 'Bad Gateway',
			description: d,
		})
		expect(catalogueAction(503, 'x')).toEqual({
			kind: 'toast',
			title: 'Service Unavailable',
			description: d,
		})
	})
	it("an empty body is 'No API response data'", () => {
		expect(catalogueAction(502, 'No API response data')).toMatchObject({
			title: 'No API response data',
		})
	})
	it('toasts last 4 s in the shell and 10 s on timeline and analytics', () => {
		expect(toastDuration('/dashboard')).toBe(4000)
		expect(toastDuration('/tracking/acme/x')).toBe(4000)
		expect(toastDuration('/timeline/1')).toBe(10_000)
		expect(toastDuration('/analytics/freight-cost')).toBe(10_000)
	})
})
