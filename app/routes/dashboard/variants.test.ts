import { describe, expect, it } from 'vitest'
import { landingVariant, openVariants } from './variants'

describe('dashboard variants by toggles (000 §2 "/dashboard: New or old dashboard depending on feature toggles", 001 §1)', () => {
	it('the v3 toggle off: /dashboard is the old widget page, and only it can be opened', () => {
		const off = { dashboardV3: false, dashboardV3Redirect: false }
		expect(landingVariant(off)).toBe('widgets')
		expect(openVariants(off)).toEqual(['widgets'])
	})
	it('v3 on: /dashboard is the tabbed dashboard; the card dashboard while the redirect is off', () => {
		expect(landingVariant({ dashboardV3: true, dashboardV3Redirect: false })).toBe('tabbed')
		expect(openVariants({ dashboardV3: true, dashboardV3Redirect: false })).toEqual([
			'tabbed',
			'widgets',
			'cards',
		])
		expect(landingVariant({ dashboardV3: true, dashboardV3Redirect: true })).toBe('tabbed')
		expect(openVariants({ dashboardV3: true, dashboardV3Redirect: true })).toEqual([
			'tabbed',
			'widgets',
		])
	})
})
