import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import type { LucideIcon } from 'lucide-react'
import { BUILDINGS, BuildingIcon, ICONS, Icon, type IconName } from './icon'

/** lucide-react's own component for an icon, by the name in its data. */
async function lucideComponent(name: string): Promise<LucideIcon> {
	return ((await import(`../../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`)) as { default: LucideIcon }).default
}

/** The markup without lucide's own class names (`lucide lucide-factory`), which ours leaves out. */
const withoutLucideClasses = (html: string) => html.replace(/class="([^"]*)"/g, (_, c: string) => `class="${c.split(' ').filter((k) => !k.startsWith('lucide')).join(' ')}"`)

describe('icons drawn from lucide’s data draw what lucide-react’s component draws', () => {
	it.each(Object.keys(ICONS) as IconName[])('%s', async (name) => {
		const Lucide = await lucideComponent(ICONS[name].name)
		const kind = name.startsWith('chevron') ? 'chevron' : name
		const ours = renderToStaticMarkup(<Icon name={name} />)
		const theirs = renderToStaticMarkup(<Lucide className={`icon icon--${kind}`} size="1em" strokeWidth={2} focusable="false" aria-hidden />)
		expect(ours).toMatch(/^<svg[^>]*><(path|rect|circle|line|polyline) /)
		expect(ours).toBe(withoutLucideClasses(theirs))
	})

	it.each(Object.keys(BUILDINGS))('the %s building, an image named by its type', async (type) => {
		const Lucide = await lucideComponent(BUILDINGS[type]!.name)
		const ours = renderToStaticMarkup(<BuildingIcon type={type} />)
		const theirs = renderToStaticMarkup(<Lucide className="icon icon--building" size="1em" strokeWidth={2} focusable="false" role="img" aria-label={type} />)
		expect(ours).toBe(withoutLucideClasses(theirs))
		expect(ours).toContain(`role="img" aria-label="${type}"`)
	})

	it('an unknown building type gets the DC’s picture and its own name; a decorative one is hidden', () => {
		const unknown = renderToStaticMarkup(<BuildingIcon type="Port" />)
		expect(unknown.replace('aria-label="Port"', 'aria-label="DC"')).toBe(renderToStaticMarkup(<BuildingIcon type="DC" />))
		expect(renderToStaticMarkup(<BuildingIcon type="DC" decorative />)).toContain('aria-hidden="true"')
	})

	it('the same icon twice in one render draws it twice (its paths made once, shared)', () => {
		const html = renderToStaticMarkup(
			<p>
				<Icon name="check" />
				<Icon name="check" label="Done" />
			</p>,
		)
		expect(html.match(/<svg/g)).toHaveLength(2)
		expect(html).toContain('role="img" aria-label="Done"')
	})
})
