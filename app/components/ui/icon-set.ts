/**
 * The product's icons: its own names for lucide's icons (one SVG set from npm; ADR 0011). Each
 * value is a lucide icon's name, which is also its symbol's id in the sprite `icons.svg`
 * (written from lucide's data by `npm run icons`, scripts/icon-sprite.ts). Plain data, so the
 * pages' JavaScript carries names only, never an icon's paths.
 */
export const ICONS = {
	warning: 'triangle-exclamation-point',
	trash: 'trash',
	check: 'check',
	close: 'x',
	search: 'search',
	calendar: 'calendar-days',
	menu: 'layout-grid',
	user: 'user-round',
	'chevron-left': 'chevron-left',
	'chevron-right': 'chevron-right',
	'chevron-down': 'chevron-down',
	'chevron-up': 'chevron-up',
	first: 'chevrons-left',
	last: 'chevrons-right',
	sort: 'arrow-up-down',
	'sort-asc': 'arrow-up',
	'sort-desc': 'arrow-down',
	document: 'file-text',
	download: 'download',
	photo: 'image',
	shipment: 'package',
	related: 'link-2',
	// Event states (000 §4, 002 §2): in transit, delivered, exception, information, stale, verified.
	transit: 'truck',
	delivered: 'package-check',
	exception: 'triangle-exclamation-point',
	info: 'info',
	stale: 'rotate-ccw-clock',
	verified: 'badge-check',
} as const

export type IconName = keyof typeof ICONS

/** 000 §2 "Each node shows a building-type icon" (002: the node's `iconClass`). */
export const BUILDINGS: Record<string, string> = {
	Factory: 'factory',
	Transit: 'truck',
	'Transit Hub': 'container',
	DC: 'warehouse',
	Customer: 'house',
	Damage: 'package-x',
}

/** Every lucide icon the sprite holds, each once, in a stable order. */
export const SPRITE_ICONS: readonly string[] = [
	...new Set([...Object.values(ICONS), ...Object.values(BUILDINGS)]),
].sort()
