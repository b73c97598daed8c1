// `npm run icons`: write app/components/ui/icons.svg, the sprite every page's icons point into,
// from lucide's data for the icons app/components/ui/icon-set.ts names (docs/decisions/0011,
// 0029 §19). Run it after adding an icon there or upgrading lucide-react; the unit test
// (app/components/ui/icon.test.tsx) fails while the committed sprite differs from what this writes.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SPRITE_ICONS } from '../app/components/ui/icon-set'

export const SPRITE_PATH = fileURLToPath(new URL('../app/components/ui/icons.svg', import.meta.url))

/** A lucide icon's data, as each of lucide-react's icon modules exports it (`__iconData`). */
export interface IconData {
	name: string
	node: [tag: string, attributes: Record<string, string | number>][]
}

export async function iconData(name: string): Promise<IconData> {
	const module = (await import(`lucide-react/icons/${name}`)) as { __iconData?: IconData }
	const data = module.__iconData
	if (!data || data.name !== name || !Array.isArray(data.node))
		throw new Error(`lucide-react: no icon data for '${name}'`)
	return data
}

const escapeAttribute = (value: string | number) =>
	String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** An icon's shapes as markup: lucide's elements and attributes, without React's `key`. */
export function shapesOf(icon: IconData): string {
	return icon.node
		.map(([tag, attributes]) => {
			const attrs = Object.entries(attributes)
				.filter(([name]) => name !== 'key')
				.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
				.join('')
			return `<${tag}${attrs}/>`
		})
		.join('')
}

/**
 * The sprite: one `<symbol>` per icon, carrying lucide's drawing attributes (no fill, a 2-unit
 * stroke in the text's colour, round caps and joins), which the shapes inherit where a page's
 * `<use>` draws them.
 */
export async function buildSprite(): Promise<string> {
	const symbols = await Promise.all(
		SPRITE_ICONS.map(
			async (name) =>
				`<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapesOf(await iconData(name))}</symbol>`,
		),
	)
	return [
		'<svg xmlns="http://www.w3.org/2000/svg">',
		"<!-- Written by `npm run icons` (scripts/icon-sprite.ts) from lucide-react's icons; do not edit. -->",
		...symbols,
		'</svg>',
		'',
	].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	writeFileSync(SPRITE_PATH, await buildSprite())
	console.log(`Wrote ${SPRITE_PATH} (${SPRITE_ICONS.length} icons).`)
}
