import { describe, expect, it } from 'vitest'
import { hasAnalyticsAccess, hasShellAccess, safeRedirect } from './access'

describe('access rules (000 §6)', () => {
	it('"Users without DASHBOARD.DEFAULT or CORE.DEFAULT are sent to /403"', () => {
		expect(hasShellAccess(['DASHBOARD.DEFAULT'])).toBe(true)
		expect(hasShellAccess(['CORE.DEFAULT'])).toBe(true)
		expect(hasShellAccess([])).toBe(false)
		expect(hasShellAccess(['TRACKER.DEFAULT'])).toBe(false)
	})
	it('"Analytics requires CORE.ANALYTICS"', () => {
		expect(hasAnalyticsAccess(['CORE.DEFAULT', 'CORE.ANALYTICS'])).toBe(true)
		expect(hasAnalyticsAccess(['CORE.DEFAULT'])).toBe(false)
	})
})

describe('sign-in redirects', () => {
	it('follows only paths on this site', () => {
		expect(safeRedirect('/timeline/1?nodeId=2')).toBe('/timeline/1?nodeId=2')
		expect(safeRedirect('https://evil.test/')).toBe('/dashboard')
		expect(safeRedirect('//evil.test/')).toBe('/dashboard')
		expect(safeRedirect('/\\evil.test')).toBe('/dashboard')
		expect(safeRedirect(null)).toBe('/dashboard')
		// Browsers drop tabs and line breaks from URLs: '/\t/evil.test' would open //evil.test.
		for (const sneaky of [
			'/\t/evil.test',
			'/\t\\evil.test',
			'/\n/evil.test',
			'/\r/evil.test',
			'/\u0000/evil.test',
		]) {
			expect(safeRedirect(sneaky), JSON.stringify(sneaky)).toBe('/dashboard')
		}
	})
	it('refuses a path that becomes //host once its dot segments are resolved (issue 45, door 1)', () => {
		for (const sneaky of [
			'/.//evil.example',
			'/..//evil.example/x',
			'/a/..//evil.example',
			'/./\\evil.example',
		]) {
			expect(safeRedirect(sneaky), sneaky).toBe('/dashboard')
		}
		// A dot segment that stays on this site is fine, answered resolved.
		expect(safeRedirect('/timeline/./1')).toBe('/timeline/1')
	})
	it('answers a path outside Latin-1 percent-encoded, as a Location header must be', () => {
		expect(safeRedirect('/timeline/é?q=日本')).toBe('/timeline/%C3%A9?q=%E6%97%A5%E6%9C%AC')
		expect(() => new Headers({ Location: safeRedirect('/€') })).not.toThrow()
		expect(safeRedirect('/timeline/1?nodeId=2#events')).toBe('/timeline/1?nodeId=2#events')
	})
})
