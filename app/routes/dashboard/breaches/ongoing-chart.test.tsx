import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { exceptionView } from './ongoing'
import { BreachChart } from './ongoing-chart'

/** The breach chart as the server renders it (and a browser without JavaScript shows it). */
const html = (props: Parameters<typeof BreachChart>[0]) =>
	renderToStaticMarkup(<BreachChart {...props} />)
const summary = (min: number | null, max: number | null) => ({
	sensorTypeCode: 'temperature',
	firstEvent: {
		summary: 'Temperature above maximum threshold of 8 °C',
		eventAt: '2026-10-23T14:00:00Z',
	},
	minThresholdValue: min,
	maxThresholdValue: max,
	sensorUomCode: 'degrees_celsius',
})
const readings = (n: number) =>
	Array.from({ length: n }, (_, i) => ({
		measureAt: new Date(Date.UTC(2026, 9, 20) + i * 3600_000).toISOString(),
		value: 5 + (i % 7) / 10,
	}))

describe('the breach chart', () => {
	it('renders the latest 60 readings as a table, oldest first, with both thresholds in its footer', () => {
		const out = html({ view: exceptionView(summary(2, 8), readings(75)), zone: 'UTC' })
		expect(out).toContain('<caption>Temperature readings (latest 60)</caption>')
		expect(out).toContain('<th scope="col">Reading (°C)</th>')
		expect(out.match(/<tr><th scope="row"><time/g)).toHaveLength(60)
		// The 16th reading of 75 is the oldest of the latest 60.
		expect(out).toContain('<time dateTime="2026-10-20T15:00:00.000Z">10/20/26 03:00 PM UTC</time>')
		expect(out).toContain(
			'<tr data-threshold="min"><th scope="row">Minimum threshold</th><td data-label="Reading (°C)">2</td></tr>',
		)
		expect(out).toContain(
			'<tr data-threshold="max"><th scope="row">Maximum threshold</th><td data-label="Reading (°C)">8</td></tr>',
		)
		expect(out).toContain(
			'Showing data from Tue, 20 Oct 2026 3:00 PM UTC to Fri, 23 Oct 2026 2:00 AM UTC',
		)
		// No drawing before hydration: apexcharts is never part of the server's HTML.
		expect(out).not.toContain('apexcharts')
	})

	it('"Threshold lines are drawn only for non-null numeric thresholds." (001 §5): the table lists only those', () => {
		const out = html({ view: exceptionView(summary(null, 8), readings(3)), zone: 'UTC' })
		expect(out).not.toContain('Minimum threshold')
		expect(out).toContain('Maximum threshold')
	})

	it('says when there are no readings, or when they could not be read', () => {
		expect(html({ view: exceptionView(summary(2, 8), []), zone: 'UTC' })).toContain(
			'No readings to show.',
		)
		expect(
			html({ view: exceptionView(summary(2, 8), readings(3)), zone: 'UTC', failed: true }),
		).toContain('The readings could not be loaded.')
	})
})
