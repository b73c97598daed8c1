import { describe, expect, it } from 'vitest'
import {
	appIdentity,
	appMenu,
	headerSearchTarget,
	isGuestMode,
	showsHeaderSearch,
	statusWayBack,
	usesWideGrid,
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
	it("lays the dashboards and the order timeline (signed in or a guest's) out on the grid", () => {
		for (const path of [
			'/dashboard',
			'/dashboard/old',
			'/dashboard/new',
			'/timeline/1',
			'/guest/1/timeline',
		])
			expect(usesWideGrid(path)).toBe(true)
	})
	it('keeps the reading width elsewhere', () => {
		for (const path of ['/', '/advanced_search', '/timelines', '/dashboards', '/analytics'])
			expect(usesWideGrid(path)).toBe(false)
	})
})

describe('app menu (000 §2 "App menu entries", §6)', () => {
	const olivia = {
		permissions: [
			'DASHBOARD.DEFAULT',
			'CORE.DEFAULT',
			'CORE.ANALYTICS',
			'TRACKER.DEFAULT',
			'AUTH.MANAGE_INVITATIONS',
			'CORE.UPDATE_SUPPLY_CHAIN_SETTINGS',
			'MULTIVIEW.SEARCH_ORDERS',
		],
		subscribedServices: ['CORE', 'DASHBOARD', 'TRACKER'],
	}
	it('offers only pages of ours, each with its address (no inert label)', () => {
		expect(appMenu(olivia)).toEqual([
			{ label: 'Analytics', to: '/analytics' },
			{ label: 'Enterprise', to: '/dashboard' },
			{ label: 'Tracker', to: '/dashboard?tab=breached_orders' },
			{ label: 'Notifications', to: '/outbox' },
			{ label: 'Webhooks', to: '/settings/webhooks' },
			{ label: 'Advanced Search', to: '/advanced_search' },
		])
	})
	it('offers only what the user may open: Victor (CORE.DEFAULT) no analytics, breaches or settings', () => {
		expect(appMenu({ permissions: ['CORE.DEFAULT'], subscribedServices: ['CORE'] })).toEqual([
			{ label: 'Enterprise', to: '/dashboard' },
			{ label: 'Advanced Search', to: '/advanced_search' },
		])
	})
	it('offers nothing to a user the shell sends to /403 (Nadia)', () => {
		expect(appMenu({ permissions: [], subscribedServices: [] })).toEqual([])
		expect(
			appMenu({
				permissions: ['CORE.UPDATE_SUPPLY_CHAIN_SETTINGS'],
				subscribedServices: ['TRACKER'],
			}),
		).toEqual([])
	})
})

describe('the way back from /403 and /404', () => {
	it('leads to the dashboard, to another account, to the tracker or to sign-in', () => {
		expect(statusWayBack({ permissions: ['CORE.DEFAULT'] }, true)).toEqual({
			to: '/dashboard',
			label: 'Back to the dashboard',
		})
		expect(statusWayBack({ permissions: [] }, true)).toEqual({
			signOut: true,
			label: 'Sign in with another account',
		})
		expect(statusWayBack(null, true)).toEqual({
			to: '/tracking',
			label: 'Back to the order tracker',
		})
		expect(statusWayBack(null, false)).toEqual({ to: '/login', label: 'Sign in' })
	})
})
