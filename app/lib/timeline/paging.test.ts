import { describe, expect, it } from 'vitest'
import { cardPageItems, cardPagerVisible, clampPage, pageCount } from './paging'

const show = (page: number, pages: number) =>
	cardPageItems(page, pages).map((i) => (i.kind === 'page' ? i.page : '…'))

describe('002 §9 "Documents, shipments and related orders: page size 5 … hidden when the total is under 5"', () => {
	it('hides the pager under 5 and counts pages of 5', () => {
		expect(cardPagerVisible(4)).toBe(false)
		expect(cardPagerVisible(5)).toBe(true)
		expect(pageCount(0)).toBe(1)
		expect(pageCount(5)).toBe(1)
		expect(pageCount(6)).toBe(2)
	})
	it('clamps a page from the URL', () => {
		expect(clampPage('3', 2)).toBe(2)
		expect(clampPage('0', 2)).toBe(1)
		expect(clampPage('x', 2)).toBe(1)
		expect(clampPage(null, 2)).toBe(1)
	})
})

describe('002 §9 "pagination shows 2 margin pages and a range of 6"', () => {
	it('shows every page when they fit', () => {
		expect(show(1, 3)).toEqual([1, 2, 3])
		expect(show(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
	})
	it('keeps 2 pages at each end and 6 around the current one', () => {
		expect(show(1, 20)).toEqual([1, 2, 3, 4, 5, 6, '…', 19, 20])
		expect(show(10, 20)).toEqual([1, 2, '…', 8, 9, 10, 11, 12, 13, '…', 19, 20])
		expect(show(20, 20)).toEqual([1, 2, '…', 15, 16, 17, 18, 19, 20])
	})
})
