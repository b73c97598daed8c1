import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import type { LucideIcon } from 'lucide-react'
import { buildSprite, iconData, shapesOf, SPRITE_PATH } from '../../../scripts/icon-sprite'
import { BuildingIcon, Icon } from './icon'
import { BUILDINGS, ICONS, SPRITE_ICONS, type IconName } from './icon-set'

const sprite = readFileSync(SPRITE_PATH, 'utf8')

/** A symbol of the committed sprite: its attributes and its shapes' markup. */
function symbolOf(id: string) {
	const m = sprite.match(new RegExp(`<symbol id="${id}"([^>]*)>(.*?)</symbol>`))
	return m ? { attributes: m[1]!, shapes: m[2]! } : undefined
}

/** lucide-react's own component for an icon, by its name. */
async function lucideComponent(name: string): Promise<LucideIcon> {
	return (
		(await import(`../../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`)) as {
			default: LucideIcon
		}
	).default
}

/** What lucide-react's component draws inside its <svg>, and the drawing attributes it puts on it. */
function lucideDrawing(Lucide: LucideIcon) {
	const html = renderToStaticMarkup(<Lucide />)
	const m = html.match(/^<svg([^>]*)>(.*)<\/svg>$/)!
	return { attributes: m[1]!, shapes: m[2]! }
}

describe('the icon sprite', () => {
	it('is what `npm run icons` writes from lucide’s data today (run it after changing icon-set.ts or lucide-react)', async () => {
		expect(sprite).toBe(await buildSprite())
	})

	it('has one symbol for every icon the product names, and no other', () => {
		const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])
		expect(ids).toEqual(SPRITE_ICONS)
		for (const name of [...Object.values(ICONS), ...Object.values(BUILDINGS)])
			expect(symbolOf(name), name).toBeDefined()
	})

	it.each(SPRITE_ICONS)('%s draws what lucide-react’s component draws', async (name) => {
		const theirs = lucideDrawing(await lucideComponent(name))
		const ours = symbolOf(name)!
		// React writes self-closing shapes as <path …></path>; the sprite as <path …/>.
		expect(ours.shapes).toBe(
			theirs.shapes.replace(/><\/(path|rect|circle|line|polyline|ellipse|polygon)>/g, '/>'),
		)
		expect(ours.shapes).toBe(shapesOf(await iconData(name)))
		for (const drawing of [
			'viewBox="0 0 24 24"',
			'fill="none"',
			'stroke="currentColor"',
			'stroke-width="2"',
			'stroke-linecap="round"',
			'stroke-linejoin="round"',
		]) {
			expect(theirs.attributes).toContain(drawing)
			expect(ours.attributes).toContain(drawing)
		}
	})
})

describe('Icon and BuildingIcon', () => {
	const use = (html: string) => html.match(/<use href="([^"#]+)#([^"]+)"><\/use>/)

	it.each(Object.keys(ICONS) as IconName[])(
		'%s points at its symbol in the sprite and is hidden from assistive technology',
		(name) => {
			const html = renderToStaticMarkup(<Icon name={name} />)
			const kind = name.startsWith('chevron') ? 'chevron' : name
			expect(html).toMatch(
				new RegExp(
					`^<svg class="icon icon--${kind}" aria-hidden="true"><use href="[^"]+"></use></svg>$`,
				),
			)
			expect(use(html)![1]).toMatch(/\/icons[-\w]*\.svg(\?no-inline)?$/)
			expect(use(html)![2]).toBe(ICONS[name])
		},
	)

	it('given a label, an icon is an image with that name', () => {
		expect(renderToStaticMarkup(<Icon name="check" label="Done" />)).toMatch(
			/^<svg class="icon icon--check" role="img" aria-label="Done"><use href="[^"]+#check"><\/use><\/svg>$/,
		)
	})

	it.each(Object.keys(BUILDINGS))('the %s building, an image named by its type', (type) => {
		const html = renderToStaticMarkup(<BuildingIcon type={type} />)
		expect(html).toContain(`role="img" aria-label="${type}"`)
		expect(use(html)![2]).toBe(BUILDINGS[type])
	})

	it('an unknown building type gets the DC’s picture and its own name; a decorative one is hidden', () => {
		const unknown = renderToStaticMarkup(<BuildingIcon type="Port" />)
		expect(unknown.replace('aria-label="Port"', 'aria-label="DC"')).toBe(
			renderToStaticMarkup(<BuildingIcon type="DC" />),
		)
		expect(use(unknown)![2]).toBe('warehouse')
		expect(renderToStaticMarkup(<BuildingIcon type="DC" decorative />)).toMatch(
			/^<svg class="icon icon--building" aria-hidden="true">/,
		)
	})
})
