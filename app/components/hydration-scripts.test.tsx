import { Fragment } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lowPriorityPreloads } from './hydration-scripts'

describe('lowPriorityPreloads', () => {
	it('fetches every module preload at low priority and leaves the scripts and other links alone', () => {
		const scripts = (
			<Fragment>
				<link rel="modulepreload" href="/assets/manifest.js" />
				{[<link key="a" rel="modulepreload" href="/assets/a.js" />, <link key="b" rel="modulepreload" href="/assets/b.js" />]}
				<link rel="icon" href="/favicon.svg" />
				<Fragment>
					<script dangerouslySetInnerHTML={{ __html: 'window.x = 1' }} />
					<script type="module" async dangerouslySetInnerHTML={{ __html: 'import("/assets/entry.js")' }} />
				</Fragment>
			</Fragment>
		)
		const html = renderToStaticMarkup(<>{lowPriorityPreloads(scripts)}</>)
		const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? []
		expect(preloads).toHaveLength(3)
		for (const link of preloads) expect(link.toLowerCase()).toContain('fetchpriority="low"')
		expect(html).toContain('<link rel="icon" href="/favicon.svg"/>')
		expect(html).toContain('<script>window.x = 1</script>')
		expect(html).toContain('<script type="module" async="">import("/assets/entry.js")</script>')
	})

	it('answers nothing for nothing (React Router renders no scripts once hydrated)', () => {
		expect(lowPriorityPreloads(null)).toBeNull()
	})
})
