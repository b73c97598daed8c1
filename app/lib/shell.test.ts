import { describe, expect, it } from 'vitest'
import {
	appIdentity,
	headerSearchTarget,
	isGuestMode,
	showsHeaderSearch,
	usesDashboardGrid,
} from './shell'

describe('guest mode (000 §6)', () => {
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

describe('001 §9 "Dashboard grid 1366 px wide"', () => {
	it('lays the dashboards out on the grid', () => {
		for (const path of ['/dashboard', '/dashboard/old', '/dashboard/new'])
			expect(usesDashboardGrid(path)).toBe(true)
	})
	it('keeps the reading width elsewhere', () => {
		for (const path of ['/', '/advanced_search', '/timeline/1', '/dashboards', '/analytics'])
			expect(usesDashboardGrid(path)).toBe(false)
	})
})
