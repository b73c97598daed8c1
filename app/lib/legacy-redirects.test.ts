import { describe, expect, test } from 'vitest'
import { dashboardSearchTarget, searchTarget, timelineTarget } from './legacy-redirects'

const at = (path: string) => new URL(path, 'http://localhost')

describe('legacy redirects (spec 000 section 2, route table)', () => {
	test('"/dashboard/search | Redirects to /search?number={order number}"', () => {
		expect(dashboardSearchTarget(at('/dashboard/search?number=SO-1001'))).toBe(
			'/search?number=SO-1001',
		)
		expect(dashboardSearchTarget(at('/dashboard/search'))).toBe('/search')
	})

	test('"/search (query number) | Redirects to /advanced_search with the parameter renamed to qs_query_string"', () => {
		expect(searchTarget(at('/search?number=SO-1'))).toBe('/advanced_search?qs_query_string=SO-1')
		expect(searchTarget(at('/search?number=%20PO%2077%2681%20'))).toBe(
			'/advanced_search?qs_query_string=PO%2077%2681',
		)
		expect(searchTarget(at('/search?number=%20%20'))).toBe('/advanced_search')
		expect(searchTarget(at('/search'))).toBe('/advanced_search')
	})

	test('"/sales_orders/{salesOrderId}/ship_sets/{shipSetId}/timeline and /related_order/{shipSetId} | Redirect to /timeline/{shipSetId}"', () => {
		expect(timelineTarget('42', at('/related_order/42?a=1&nodeId=3'))).toBe(
			'/timeline/42?a=1&nodeId=3',
		)
		expect(timelineTarget('42', at('/related_order/42'))).toBe('/timeline/42')
		expect(timelineTarget('a/b', at('/x'))).toBe('/timeline/a%2Fb')
	})
})
