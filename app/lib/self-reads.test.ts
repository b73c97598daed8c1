import { describe, expect, it } from 'vitest'
import { pageRereads, readKey } from './self-reads'

const url = (s: string) => new URL(s, 'http://waymark.test')
const owned = new Set(['a_page', 'b_filter'])

describe('readKey', () => {
	it('is the values of the part’s parameters, in order, absent ones empty', () => {
		expect(readKey(['a_page', 'b_filter'], new URLSearchParams('b_filter=x&a_page=2&other=1'))).toBe('2|x')
		expect(readKey(['a_page', 'b_filter'], new URLSearchParams('other=1'))).toBe('|')
		expect(readKey(['c'], new URLSearchParams('c=1&c=2'))).toBe('1,2')
	})
})

describe('pageRereads', () => {
	it('no: only parameters parts own changed', () => {
		expect(pageRereads(url('/p?a_page=1'), url('/p?a_page=2'), owned)).toBe(false)
		expect(pageRereads(url('/p?x=1'), url('/p?x=1&b_filter=z'), owned)).toBe(false)
	})
	it('yes: another path, the same URL again, or a parameter no part owns', () => {
		expect(pageRereads(url('/p?a_page=1'), url('/q?a_page=1'), owned)).toBe(true)
		expect(pageRereads(url('/p?a_page=1'), url('/p?a_page=1'), owned)).toBe(true)
		expect(pageRereads(url('/p?a_page=1'), url('/p?a_page=2&x=1'), owned)).toBe(true)
	})
})
