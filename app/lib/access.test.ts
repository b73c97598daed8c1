import { describe, expect, it } from 'vitest'
import {
	appIdentity,
	greeting,
	hasAnalyticsAccess,
	hasShellAccess,
	headerSearchTarget,
	isGuestMode,
	safeRedirect,
	showsHeaderSearch,
} from './access'

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
	it('"Any URL containing the word guest switches the app into guest mode"', () => {
		expect(isGuestMode('/guest/1/timeline?type=restricted')).toBe(true)
		expect(isGuestMode('/timeline/1?type=restricted&email=Guest@x.test')).toBe(true)
		expect(isGuestMode('/timeline/1')).toBe(false)
	})
})

describe('header search (000 §2, §5)', () => {
	it('is shown with DASHBOARD.DEFAULT or CORE.DEFAULT, except on the old dashboard, advanced search and tracking', () => {
		expect(showsHeaderSearch(['CORE.DEFAULT'], '/dashboard')).toBe(true)
		expect(showsHeaderSearch(['CORE.DEFAULT'], '/timeline/1')).toBe(true)
		expect(showsHeaderSearch(['CORE.DEFAULT'], '/dashboard/old')).toBe(false)
		expect(showsHeaderSearch(['CORE.DEFAULT'], '/advanced_search')).toBe(false)
		expect(showsHeaderSearch(['CORE.DEFAULT'], '/tracking/acme/SO-1')).toBe(false)
		expect(showsHeaderSearch([], '/dashboard')).toBe(false)
	})
	it('"Submitting trims the text ... Empty or non-text input is ignored"', () => {
		expect(headerSearchTarget('  SO-10 ')).toBe('/advanced_search?qs_query_string=SO-10')
		expect(headerSearchTarget('PO 7781')).toBe('/advanced_search?qs_query_string=PO%207781')
		expect(headerSearchTarget('   ')).toBeNull()
		expect(headerSearchTarget(42)).toBeNull()
	})
})

describe('application identity (000 §1)', () => {
	it('is Order Tracker on tracking paths when the toggle is on, Analytics on analytics paths, else Enterprise', () => {
		expect(appIdentity('/tracking/acme/SO-1', true)).toBe('Order Tracker')
		expect(appIdentity('/tracking', false)).toBe('Enterprise')
		expect(appIdentity('/analytics/freight-cost', true)).toBe('Analytics')
		expect(appIdentity('/dashboard', true)).toBe('Enterprise')
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
		for (const sneaky of ['/\t/evil.test', '/\t\\evil.test', '/\n/evil.test', '/\r/evil.test', '/\u0000/evil.test']) {
			expect(safeRedirect(sneaky), JSON.stringify(sneaky)).toBe('/dashboard')
		}
	})
	it('answers a path outside Latin-1 percent-encoded, as a Location header must be', () => {
		expect(safeRedirect('/timeline/é?q=日本')).toBe('/timeline/%C3%A9?q=%E6%97%A5%E6%9C%AC')
		expect(() => new Headers({ Location: safeRedirect('/€') })).not.toThrow()
		expect(safeRedirect('/timeline/1?nodeId=2#events')).toBe('/timeline/1?nodeId=2#events')
	})
})

describe('greeting (001 §1)', () => {
	it("reads 'Welcome to your dashboard, {given name}', or the e-mail without one", () => {
		expect(greeting({ given_name: 'Olivia', email: 'olivia@acme.test' })).toBe('Welcome to your dashboard, Olivia')
		expect(greeting({ given_name: null, email: 'victor@acme.test' })).toBe('Welcome to your dashboard, victor@acme.test')
	})
})
