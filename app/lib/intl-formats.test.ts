import { describe, expect, it } from 'vitest'
import { shortDollars } from './intl-formats'

describe('shortDollars', () => {
	it("writes an axis' money short", () => {
		expect([0, 950, 20000, 1250000, 2500].map(shortDollars)).toEqual([
			'$0',
			'$950',
			'$20K',
			'$1.3M',
			'$2.5K',
		])
	})
})
