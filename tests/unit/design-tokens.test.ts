import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * ADR 0011: the design tokens of app/styles/app.css, light and dark, meet WCAG 2.2 AA. Reads the
 * stylesheet itself, so a palette change that breaks a pair fails here, before any browser runs.
 */
const css = readFileSync(path.resolve(import.meta.dirname, '../../app/styles/app.css'), 'utf8')

function tokens(block: string): Record<string, string> {
	return Object.fromEntries(
		[...block.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1]!, m[2]!]),
	)
}
const darkStart = css.indexOf('@media (prefers-color-scheme: dark)')
const light = tokens(css.slice(css.indexOf(':root {'), darkStart))
const dark = { ...light, ...tokens(css.slice(darkStart, css.indexOf('\n}\n', darkStart))) }

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
	const [r, g, b] = [1, 3, 5].map((i) => {
		const v = parseInt(hex.slice(i, i + 2), 16) / 255
		return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
	})
	return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
export function contrast(a: string, b: string): number {
	const [x, y] = [luminance(a), luminance(b)]
	return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}

const GROUNDS = ['bg', 'surface', 'surface-subtle', 'surface-raised']
const SOFTS = [
	'brand-soft',
	'success-soft',
	'warning-soft',
	'danger-soft',
	'info-soft',
	'neutral-soft',
]
const STATUSES = ['success', 'warning', 'danger', 'info', 'neutral']

/** [foreground, background, minimum]: text 4.5:1, focus rings, control edges and graphics 3:1. */
const PAIRS: [string, string, number][] = [
	...['text', 'muted', 'link', 'brand'].flatMap((t) =>
		[...GROUNDS, ...SOFTS].map((g): [string, string, number] => [t, g, 4.5]),
	),
	...STATUSES.flatMap((s) =>
		[...GROUNDS, `${s}-soft`].map((g): [string, string, number] => [s, g, 4.5]),
	),
	...[...GROUNDS, 'info-soft'].map((g): [string, string, number] => ['verified', g, 4.5]),
	...['link-hover', 'brand-hover'].flatMap((t) =>
		['bg', 'surface', 'surface-raised'].map((g): [string, string, number] => [t, g, 4.5]),
	),
	...([
		'brand',
		'success',
		'warning',
		'danger',
		'info',
		'neutral',
		'transit',
		'closed',
		'verified',
	].map((s) => [`on-${s === 'brand' ? 'brand' : s}`, `${s}-solid`, 4.5]) as [
		string,
		string,
		number,
	][]),
	['on-brand', 'brand-solid-hover', 4.5],
	...['focus', 'border-strong'].flatMap((t) =>
		[...GROUNDS, 'brand-soft', 'info-soft'].map((g): [string, string, number] => [t, g, 3]),
	),
	['focus-on-brand', 'brand-solid', 3],
	['surface', 'brand-solid', 3],
	...['brand', ...STATUSES].flatMap((s) =>
		['bg', 'surface'].map((g): [string, string, number] => [`${s}-solid`, g, 3]),
	),
]

describe('design tokens (ADR 0011)', () => {
	it('defines every token a pair names, in both palettes', () => {
		const names = new Set(PAIRS.flatMap(([a, b]) => [a, b]))
		expect([...names].filter((n) => !light[n])).toEqual([])
		expect(Object.keys(tokens(css.slice(darkStart))).length).toBeGreaterThan(20)
	})

	for (const [scheme, palette] of [
		['light', light],
		['dark', dark],
	] as const) {
		it(`meets WCAG 2.2 AA in the ${scheme} palette`, () => {
			const below = PAIRS.filter(([a, b, min]) => contrast(palette[a]!, palette[b]!) < min).map(
				([a, b, min]) => `${a} on ${b}: ${contrast(palette[a]!, palette[b]!).toFixed(2)} < ${min}`,
			)
			expect(below).toEqual([])
		})
	}

	it('computes contrast as WCAG does', () => {
		expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
		expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
	})

	it('keeps colour literals inside the token blocks: no screen stylesheet names a colour', () => {
		const root = path.resolve(import.meta.dirname, '../../app')
		const sheets = [
			'styles/shell.css',
			'styles/tracker.css',
			'styles/tracker-timeline.css',
			'styles/guest.css',
			'styles/location-map.css',
			'components/ui/ui.css',
			'routes/search/search.css',
			'styles/timeline.css',
		]
		const literal = /#[0-9a-f]{3,8}\b|\brgba?\(|\b(white|black)\b(?!-)/i
		const found = sheets.flatMap((sheet) =>
			readFileSync(path.join(root, sheet), 'utf8')
				.replace(/\/\*[\s\S]*?\*\//g, '')
				.split('\n')
				.filter((line) => literal.test(line))
				.map((line) => `${sheet}: ${line.trim()}`),
		)
		expect(found).toEqual([])
	})
})
