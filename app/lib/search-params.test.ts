import { describe, expect, it } from 'vitest'
import { onlyParamsChanged } from './search-params'

const url = (s: string) => new URL(s, 'http://waymark.test')
const owned = new Set(['a_page', 'b_filter'])

describe('onlyParamsChanged', () => {
	it('yes: only the named parameters changed', () => {
		expect(onlyParamsChanged(url('/p?a_page=1'), url('/p?a_page=2'), owned)).toBe(true)
		expect(onlyParamsChanged(url('/p?x=1'), url('/p?x=1&b_filter=z'), owned)).toBe(true)
		expect(onlyParamsChanged(url('/p?b_filter=z&b_filter=y'), url('/p?b_filter=z'), owned)).toBe(
			true,
		)
	})
	it('no: another path, the same URL again, or another parameter too', () => {
		expect(onlyParamsChanged(url('/p?a_page=1'), url('/q?a_page=1'), owned)).toBe(false)
		expect(onlyParamsChanged(url('/p?a_page=1'), url('/p?a_page=1'), owned)).toBe(false)
		expect(onlyParamsChanged(url('/p?a_page=1'), url('/p?a_page=2&x=1'), owned)).toBe(false)
	})
})
