/**
 * Side-card pagination (002 §9: "Documents, shipments and related orders: page size 5; pagination
 * shows 2 margin pages and a range of 6; hidden when the total is under 5"; "Order Details: 5 per page").
 */

export const CARD_PAGE_SIZE = 5
const MARGIN_PAGES = 2
const PAGE_RANGE = 6

type PageItem = { kind: 'page'; page: number } | { kind: 'break'; key: string }

/** "hidden when the total is under 5". */
export function cardPagerVisible(total: number): boolean {
	return total >= CARD_PAGE_SIZE
}

export function pageCount(total: number, size = CARD_PAGE_SIZE): number {
	return Math.max(1, Math.ceil(total / size))
}

/** A page number from the URL, clamped to 1…pages (anything unreadable is 1). */
export function clampPage(value: string | null, pages: number): number {
	const n = Number(value ?? 1)
	return Number.isInteger(n) ? Math.min(Math.max(1, n), pages) : 1
}

/** "2 margin pages and a range of 6": the first and last 2 pages, 6 around the current one, breaks between. */
export function cardPageItems(page: number, pages: number): PageItem[] {
	const shown = new Set<number>()
	for (let p = 1; p <= Math.min(MARGIN_PAGES, pages); p++) shown.add(p)
	for (let p = Math.max(1, pages - MARGIN_PAGES + 1); p <= pages; p++) shown.add(p)
	let start = Math.max(1, page - Math.floor(PAGE_RANGE / 2) + 1)
	const end = Math.min(pages, start + PAGE_RANGE - 1)
	start = Math.max(1, end - PAGE_RANGE + 1)
	for (let p = start; p <= end; p++) shown.add(p)
	const items: PageItem[] = []
	let last = 0
	for (const p of [...shown].sort((a, b) => a - b)) {
		if (p > last + 1) items.push({ kind: 'break', key: `after-${last}` })
		items.push({ kind: 'page', page: p })
		last = p
	}
	return items
}
