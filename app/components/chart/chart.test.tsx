import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { dollars } from '~/lib/intl-formats'
import { Chart, CHART_EMPTY, hasChartData } from './chart'

/** The chart as the server renders it (and a browser without JavaScript shows it). */
const html = (props: Parameters<typeof Chart>[0]) => renderToStaticMarkup(<Chart {...props} />)

describe('dashboard Chart', () => {
	it('"Charts show \'There are no orders available.\' when empty" (001 §2)', () => {
		expect(CHART_EMPTY).toBe('There are no orders available.')
		const empty = html({
			kind: 'bar',
			title: 'T',
			categoryHeader: 'Month',
			categories: [],
			series: [],
		})
		expect(empty).toContain('There are no orders available.')
		expect(empty).not.toContain('<table')
		// Months without a value are nothing to draw either.
		expect(hasChartData([{ name: 'Days', data: [null, 0] }], ['Jan', 'Feb'])).toBe(false)
		expect(hasChartData([{ name: 'Days', data: [null, 2] }], ['Jan', 'Feb'])).toBe(true)
	})
	it('renders its numbers as a table with a caption, formatted, a gap as —, and totals when asked', () => {
		const out = html({
			kind: 'stacked',
			title: 'Issues by type and age',
			categoryHeader: 'Issue type',
			categories: ['Damaged', 'Customs Hold'],
			series: [
				{ name: '1 day', data: [1, null] },
				{ name: '3 days', data: [2, 1200] },
			],
			format: dollars,
			totals: true,
		})
		expect(out).toContain('<caption>Issues by type and age</caption>')
		expect(out).toContain(
			'<th scope="col">Issue type</th><th scope="col">1 day</th><th scope="col">3 days</th><th scope="col">Total</th>',
		)
		expect(out).toContain(
			'<th scope="row">Damaged</th><td data-label="1 day">$1.00</td><td data-label="3 days">$2.00</td><td data-label="Total">$3.00</td>',
		)
		expect(out).toContain(
			'<th scope="row">Customs Hold</th><td data-label="1 day">—</td><td data-label="3 days">$1,200.00</td><td data-label="Total">$1,200.00</td>',
		)
		expect(out).toContain(
			'<tfoot><tr><th scope="row">Total</th><td data-label="1 day">$1.00</td><td data-label="3 days">$1,202.00</td><td data-label="Total">$1,203.00</td></tr></tfoot>',
		)
		// No drawing before hydration: apexcharts is never part of the server's HTML.
		expect(out).not.toContain('apexcharts')
	})
})
