import { describe, expect, it } from 'vitest'
import {
	CARD_TEXTS,
	cardDashboardShown,
	carriedParams,
	carrierFilters,
	cardKey,
	cardsRereads,
	DURATION_LABELS,
	exceptionFilters,
	isCardName,
	issuesByType,
	LOADER_ROWS,
	overviewFilters,
	statusIcon,
	taggedPage,
	trendsOffset,
	trendsPage,
	TRENDS_PER_PAGE,
	WITHOUT_UPDATES_LIMIT,
	withoutUpdatesOffset,
	withParam,
} from './cards'

const q = (s: string) => new URLSearchParams(s)
const ID = '0b6f7a52-3f0e-4b1e-9d7a-2c1f8e5a9b10'
const ID2 = '6a0c1d2e-3f40-4b5c-8d6e-7f8091a2b3c4'

describe('Overview filters (001 §2)', () => {
	it('"Overview has a months filter (1, 3, 6, 12 Months; default 12) and an Order Type filter"', () => {
		expect(overviewFilters(q(''))).toEqual({ months: 12, orderType: '' })
		for (const m of [1, 3, 6, 12]) expect(overviewFilters(q(`ov_months=${m}`)).months).toBe(m)
		expect(overviewFilters(q('ov_months=5')).months).toBe(12)
		expect(overviewFilters(q('ov_months=abc')).months).toBe(12)
		expect(overviewFilters(q(`ov_order_type=${ID}`)).orderType).toBe(ID)
	})
	it('"The \'Any\' choice in the carrier and order-type filters is sent as an empty string" (001 §5)', () => {
		expect(overviewFilters(q('ov_order_type=')).orderType).toBe('')
		expect(overviewFilters(q('ov_order_type=not-an-id')).orderType).toBe('')
	})
})

describe('Order Exceptions filters (001 §2, §9)', () => {
	it('"days (1 day, 2 days, 3 days, 1 week, 2 weeks; default 2 days), carrier, issue type and order type"', () => {
		expect(exceptionFilters(q(''))).toEqual({
			days: 2,
			carrier: '',
			issueType: '',
			orderType: '',
			page: 1,
		})
		for (const d of [1, 2, 3, 7, 14]) expect(exceptionFilters(q(`ex_days=${d}`)).days).toBe(d)
		expect(exceptionFilters(q('ex_days=5')).days).toBe(2)
		expect(
			exceptionFilters(q(`ex_carrier=+UPS+Ground+&ex_issue_type=${ID}&ex_order_type=${ID2}`)),
		).toEqual({
			days: 2,
			carrier: 'UPS Ground',
			issueType: ID,
			orderType: ID2,
			page: 1,
		})
	})
	it('"Orders Without Updates: … limit 5" (001 §9), paged ("without-update inputs … page", 001 §7)', () => {
		expect(WITHOUT_UPDATES_LIMIT).toBe(5)
		expect(exceptionFilters(q('ex_page=3')).page).toBe(3)
		expect(exceptionFilters(q('ex_page=x')).page).toBe(1)
		expect(withoutUpdatesOffset(1)).toBe(0)
		expect(withoutUpdatesOffset(3)).toBe(10)
		expect(withoutUpdatesOffset(0)).toBe(0)
	})
})

describe('Carrier Performance filters (001 §2, §7, §9)', () => {
	it('"a multi-select carrier filter and a duration filter (Month, Quarter, Year; default Month)"', () => {
		expect(carrierFilters(q(''))).toEqual({ carriers: [], duration: 'month', page: 1 })
		expect(
			carrierFilters(q(`cp_carrier=${ID}&cp_carrier=${ID2}&cp_carrier=${ID}&cp_carrier=junk`))
				.carriers,
		).toEqual([ID, ID2])
		expect(carrierFilters(q('cp_duration=quarter')).duration).toBe('quarter')
		expect(carrierFilters(q('cp_duration=decade')).duration).toBe('month')
		expect(Object.values(DURATION_LABELS)).toEqual(['Month', 'Quarter', 'Year'])
	})
	it('"GET {dashboard}/carriers/trends | carriers, duration, offset (5*(page-1))"; "trends page size 5"', () => {
		expect(TRENDS_PER_PAGE).toBe(5)
		expect(trendsOffset(1)).toBe(0)
		expect(trendsOffset(3)).toBe(10)
		expect(trendsOffset(0)).toBe(0)
		expect(trendsPage(0)).toBe(1)
		expect(trendsPage(10)).toBe(3)
		expect(carrierFilters(q('cp_page=2')).page).toBe(2)
		expect(carrierFilters(q('cp_page=-1')).page).toBe(1)
	})
})

describe('Tagged Comments (001 §4 "Tagged Comments refetches per page")', () => {
	it('reads its own page parameter', () => {
		expect(taggedPage(q('tagged_page=4'))).toBe(4)
		expect(taggedPage(q(''))).toBe(1)
	})
})

describe('each card reads itself (001 §4 "each widget refetches when its filters change")', () => {
	it("a card's key changes only with its own parameters", () => {
		expect(cardKey('overview', q('ov_months=3&ex_days=7'))).toBe(
			cardKey('overview', q('ov_months=3')),
		)
		expect(cardKey('overview', q('ov_months=3'))).not.toBe(cardKey('overview', q('ov_months=6')))
		expect(cardKey('carriers', q(`cp_carrier=${ID}&cp_carrier=${ID2}`))).not.toBe(
			cardKey('carriers', q(`cp_carrier=${ID}`)),
		)
		expect(cardKey('lists', q('ov_months=3'))).toBe('')
		expect(isCardName('overview')).toBe(true)
		expect(isCardName('toString')).toBe(false)
		expect(isCardName(undefined)).toBe(false)
	})
	it("the page is read again only when something other than a card's parameters changes", () => {
		const u = (s: string) => new URL(`http://x/dashboard/new${s}`)
		expect(cardsRereads(u(''), u('?ov_months=3'))).toBe(false)
		expect(cardsRereads(u('?ov_months=3'), u('?ov_months=3&cp_page=2&tagged_comment=abc'))).toBe(
			false,
		)
		expect(cardsRereads(u('?ov_months=3'), u('?ov_months=3'))).toBe(true)
		expect(cardsRereads(u(''), u('?other=1'))).toBe(true)
		expect(cardsRereads(u(''), new URL('http://x/dashboard'))).toBe(true)
	})
	it("a card's GET form carries the other cards' parameters, not its own (its page goes back to 1)", () => {
		const params = q(
			'ov_months=3&cp_page=2&cp_carrier=a&cp_carrier=b&tagged_page=2&tagged_comment=c',
		)
		expect(carriedParams('carriers', params)).toEqual([
			['ov_months', '3'],
			['tagged_page', '2'],
		])
		expect(carriedParams('overview', params)).toEqual([
			['cp_page', '2'],
			['cp_carrier', 'a'],
			['cp_carrier', 'b'],
			['tagged_page', '2'],
		])
	})
	it('links set one parameter and keep the rest', () => {
		expect(withParam('?ov_months=3', 'cp_page', '2')).toBe('?ov_months=3&cp_page=2')
		expect(withParam('?cp_page=2', 'cp_page', null)).toBe('?')
	})
})

describe('texts and lists (001 §1, §2, §4, §9)', () => {
	it("\"Other empty texts: 'No orders available.', 'No shipments available.', 'No carriers available.', 'No orders without updates.'\"", () => {
		expect(CARD_TEXTS.noOrders).toBe('No orders available.')
		expect(CARD_TEXTS.noShipments).toBe('No shipments available.')
		expect(CARD_TEXTS.noCarriers).toBe('No carriers available.')
		expect(CARD_TEXTS.noOrdersWithoutUpdates).toBe('No orders without updates.')
	})
	it('"While loading, the card-style lists show 5 placeholder rows"', () => {
		expect(LOADER_ROWS).toBe(5)
	})
	it('"a Following and Recently Viewed list with status icons"; "An exception flag adds a warning icon"', () => {
		expect(statusIcon('in_transit')).toEqual({
			icon: 'transit',
			label: 'In Transit',
			exception: false,
		})
		expect(statusIcon('delivered')).toEqual({
			icon: 'delivered',
			label: 'Delivered',
			exception: false,
		})
		expect(statusIcon('cancelled').label).toBe('Canceled')
		expect(statusIcon('pending').icon).toBe('shipment')
		expect(statusIcon('in_transit', 'exception').exception).toBe(true)
		// every status of 001 §4 has its own picture
		const icons = ['in_transit', 'delivered', 'pending', 'cancelled', 'closed'].map(
			(s) => statusIcon(s).icon,
		)
		expect(new Set(icons).size).toBe(icons.length)
	})
})

describe('Issues Log on the card (001 §3)', () => {
	it('"The newer card version\'s row has statusTypeName, count, deliveryValue": the ages summed per issue type', () => {
		expect(
			issuesByType([
				{ statusTypeName: 'Delayed', count: 2, deliveryValue: 100 },
				{ statusTypeName: 'Damaged', count: 1, deliveryValue: 50.5 },
				{ statusTypeName: 'Delayed', count: 3, deliveryValue: 25 },
				{ statusTypeName: 'Address', count: 1, deliveryValue: 0 },
			]),
		).toEqual([
			{ statusTypeName: 'Delayed', count: 5, deliveryValue: 125 },
			{ statusTypeName: 'Address', count: 1, deliveryValue: 0 },
			{ statusTypeName: 'Damaged', count: 1, deliveryValue: 50.5 },
		])
		expect(issuesByType([])).toEqual([])
	})
})

describe('cardDashboardShown', () => {
	it('000 route table: "/dashboard/new … only when the dashboard v3 toggle is on and the redirect toggle is off"', () => {
		expect(cardDashboardShown({ dashboardV3: true, dashboardV3Redirect: false })).toBe(true)
		expect(cardDashboardShown({ dashboardV3: true, dashboardV3Redirect: true })).toBe(false)
		expect(cardDashboardShown({ dashboardV3: false, dashboardV3Redirect: false })).toBe(false)
	})
})
