import type { Page } from '@playwright/test'
import { test, expect, signInAs } from './fixtures'

/**
 * The timeline's visual parts (002 §2 "Node strip", "Right-hand tabs"; §9): the Sensor Data
 * tab and the IoT Sensor Data modal, the node carousel. Read-only:
 * nothing here changes data. Each runs with JavaScript on (chart, carousel) and off (table, list).
 */

async function signIn(page: Page, email: string) {
	await page.goto('/login')
	await signInAs(page, email)
	await expect(page).toHaveURL(/\/dashboard/)
}

/** SO-1001's path, through quick search (one match opens the timeline). */
async function openSo1001(page: Page) {
	await page.goto('/advanced_search?qs_query_string=SO-1001')
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}/)
	return new URL(page.url()).pathname
}

/** demo-data.md: SO-1001's tracking group is on its first Transit node, the UPS leg (not the final-mile one). */
async function upsNodeId(page: Page) {
	const ups = page
		.locator('.node-strip-list [data-group="1"]')
		.filter({ hasNotText: 'Final Transit' })
	await expect(ups).toHaveCount(1)
	const href = await ups.getByRole('link').getAttribute('href')
	return new URL(href!, page.url()).searchParams.get('nodeId')!
}

const js = () => test.info().project.name === 'js'

test.describe('Sensor Data (002 §2 "Tracker (IoT sensor data)", §5 TRACKER.DEFAULT)', () => {
	test('Olivia sees the UPS node’s sensor readings and opens IoT Sensor Data', async ({ page }) => {
		test.setTimeout(60_000) // seven page loads
		await signIn(page, 'olivia@acme.test')
		const path = await openSo1001(page)
		const tabs = page.getByRole('region', { name: 'Node details' })
		// The Factory node (selected first) has no tracking group: no such tab.
		await expect(tabs.getByRole('link', { name: 'Calendar' })).toBeVisible()
		await expect(tabs.getByRole('link', { name: 'Sensor Data' })).toHaveCount(0)

		const nodeId = await upsNodeId(page)
		await page.goto(`${path}?nodeId=${nodeId}`)
		await tabs.getByRole('link', { name: 'Sensor Data' }).click()
		await expect(page).toHaveURL(/tab=tracker/)
		const temperature = tabs.getByRole('region', { name: 'Temperature (°C)' })
		await expect(temperature).toBeVisible()
		await expect(tabs.getByRole('region', { name: 'Humidity (%)' })).toBeVisible()
		if (js()) {
			const chart = temperature.getByRole('img', {
				name: 'Temperature chart, 4 readings, thresholds Min 2 °C, Max 8 °C',
			})
			await expect(chart).toBeVisible()
			await expect(chart.locator('.apexcharts-canvas')).toBeVisible()
			// The threshold lines are drawn with their labels.
			await expect(chart.getByText('Max 8 °C')).toBeVisible()
			await expect(chart.getByText('Min 2 °C')).toBeVisible()
		} else {
			const table = temperature.getByRole('table', {
				name: 'Temperature readings (thresholds: Min 2 °C, Max 8 °C)',
			})
			await expect(table).toBeVisible()
			await expect(table.locator('tbody tr')).toHaveCount(4)
		}

		await temperature.getByRole('link', { name: 'View all sensor data' }).click()
		await expect(page).toHaveURL(/sensor=temperature/)
		const dialog = page.getByRole('dialog', { name: 'IoT Sensor Data' })
		await expect(dialog).toBeVisible()
		await expect(dialog.getByText('Luis Ortega')).toBeVisible()
		if (js()) {
			await expect(
				dialog
					.getByRole('img', { name: /^Temperature chart, 192 readings/ })
					.locator('.apexcharts-canvas'),
			).toBeVisible()
		} else {
			const rows = dialog.getByRole('table', { name: /Temperature readings/ }).locator('tbody tr')
			await expect(rows).toHaveCount(192)
			// The breaches of demo-data.md: readings above 8 °C are marked (5 on 23 October, the last 3).
			await expect(dialog.locator('.sensor-breach')).toHaveCount(8)
			await expect(dialog.getByRole('cell', { name: '11.2 (above threshold)' })).toBeVisible()
		}
		await dialog.getByRole('link', { name: 'Humidity' }).click()
		await expect(page).toHaveURL(/sensor=humidity/)
		await dialog.getByRole('link', { name: 'Close' }).click()
		await expect(page.getByRole('dialog', { name: 'IoT Sensor Data' })).toHaveCount(0)
		await expect(page).not.toHaveURL(/sensor=/)
	})

	test('Victor, without TRACKER.DEFAULT, gets no Sensor Data tab, even by URL', async ({
		page,
	}) => {
		await signIn(page, 'victor@acme.test')
		const path = await openSo1001(page)
		const nodeId = await upsNodeId(page)
		await page.goto(`${path}?nodeId=${nodeId}&tab=tracker&sensor=temperature`)
		const tabs = page.getByRole('region', { name: 'Node details' })
		await expect(tabs.getByRole('link', { name: 'Location' })).toBeVisible()
		await expect(tabs.getByRole('link', { name: 'Sensor Data' })).toHaveCount(0)
		await expect(tabs.getByRole('link', { name: 'Calendar' })).toHaveAttribute(
			'aria-current',
			'page',
		)
		await expect(page.getByText('View all sensor data')).toHaveCount(0)
		await expect(page.getByRole('dialog', { name: 'IoT Sensor Data' })).toHaveCount(0)
		await expect(page.locator('.apexcharts-canvas, .sensor-table')).toHaveCount(0)
	})
})

// The keyless Location map (MapLibre over the world outline; the sketch without JavaScript): tests/e2e/captcha-invitations-photos-map.spec.ts.

test.describe('Node strip (002 §2 "A carousel showing 5 nodes at a time")', () => {
	test('5 nodes at a time at full width, fewer on a narrow screen; every node in a list without JavaScript', async ({
		page,
	}) => {
		await signIn(page, 'olivia@acme.test')
		await openSo1001(page)
		const strip = page.getByRole('region', { name: 'Nodes' })
		await expect(strip.getByRole('link', { name: 'FIRST TOUCH' })).toBeVisible()
		await expect(strip.getByRole('link', { name: 'LAST TOUCH' })).toBeVisible()
		const nodes = strip.locator('.node-strip-list').getByRole('link')
		await expect(nodes).toHaveCount(5)

		// 002 §2: 3 below 718 px.
		await page.setViewportSize({ width: 700, height: 800 })
		if (js()) {
			const carousel = strip.getByRole('region', { name: 'Node carousel' })
			await expect(carousel).toBeVisible()
			// Every node stays a link for keyboards and screen readers; the carousel shows 3 of them.
			await expect(nodes).toHaveCount(5)
			const shown = async () => {
				const frame = (await carousel.boundingBox())!
				const names: string[] = []
				for (const node of await nodes.all()) {
					const b = await node.boundingBox()
					if (b && b.x >= frame.x - 1 && b.x + b.width <= frame.x + frame.width + 1)
						names.push((await node.textContent()) ?? '')
				}
				return names
			}
			await expect.poll(async () => (await shown()).length).toBe(3)
			// The strip first scrolls to the selected node's group (002 §2, after 1200 ms): wait for that state.
			await expect(carousel).toHaveAttribute('data-positioned', 'true')
			await strip.getByRole('button', { name: 'Next' }).click()
			await expect.poll(async () => (await shown()).at(-1)).toMatch(/Customer/)
			await expect.poll(async () => (await shown()).length).toBe(3)
			await strip.getByRole('button', { name: 'Previous' }).click()
			await expect.poll(async () => (await shown())[0]).toMatch(/Factory/)
			// LAST TOUCH selects the last node, and the carousel brings it into view.
			await strip.getByRole('link', { name: 'LAST TOUCH' }).click()
			await expect(page).toHaveURL(/nodeId=/)
			await expect(nodes.filter({ hasText: 'Customer' })).toHaveAttribute('aria-current', 'true')
			await expect.poll(async () => (await shown()).at(-1)).toMatch(/Customer/)
		} else {
			await expect(strip.getByRole('region', { name: 'Node carousel' })).toHaveCount(0)
			await expect(strip.locator('ol.node-strip-list > li')).toHaveCount(5)
			await expect(nodes).toHaveCount(5)
		}
	})
})
