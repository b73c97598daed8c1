import type { Page } from '@playwright/test'
import { seedId } from '../../server/db/seed/random'
import { test, expect } from './fixtures'

// The public timeline's node carousel on first load (000 §2 "Node carousel: 5 visible, responsive
// 4/3/2"; 002 §2 "initially scrolls to a multiple of 5"): it lands on a full page of cards that
// holds the selected node, never on the selected card alone with empty slots after it.

const orderId = (name: string) => seedId('acme', 'ship_set', name)

/** The cards wholly inside the carousel's frame, and which of them is the selected node. */
function shownCards(page: Page) {
	return page.evaluate(() => {
		const frame = document.querySelector('.node-carousel .react-multi-carousel-list')
		if (!frame) return { count: 0, selected: false }
		const box = frame.getBoundingClientRect()
		const inside = [...frame.querySelectorAll('.node-carousel__item')].filter((item) => {
			const b = item.getBoundingClientRect()
			return b.width > 0 && b.left >= box.left - 1 && b.right <= box.right + 1
		})
		return {
			count: inside.length,
			selected: inside.some((item) => item.querySelector('[aria-current="true"]')),
		}
	})
}

/** How many cards the carousel shows at a width (node-carousel.tsx's breakpoints). */
const perPage = (width: number) => (width >= 1200 ? 5 : width >= 860 ? 4 : width >= 718 ? 3 : 2)

const cases: [order: string, nodes: number, widths: number[]][] = [
	['SO-1003', 5, [400, 700, 800, 1100, 1366]],
	['SO-1007', 5, [400, 1100, 1366]],
	['SO-1001', 4, [1100]],
]

for (const [order, nodes, widths] of cases) {
	test(`${order}'s carousel opens on a full page of cards holding the selected node`, async ({
		page,
		javaScriptEnabled,
	}) => {
		for (const width of widths) {
			await page.setViewportSize({ width, height: 900 })
			await page.goto(`/tracking/acme/${order}/${orderId(order)}`)
			if (!javaScriptEnabled) {
				// Without JavaScript the strip is a plain list: every node is there, as a link.
				await expect(page.locator('ol.node-strip > li')).toHaveCount(nodes)
				await expect(page.locator('.node-card[aria-current="true"]')).toHaveCount(1)
				continue
			}
			await expect(page.locator('.node-carousel')).toHaveAttribute('data-positioned', 'true')
			await expect
				.poll(() => shownCards(page), { message: `${order} at ${width} px` })
				.toEqual({ count: Math.min(nodes, perPage(width)), selected: true })
		}
	})
}
