import { Fragment } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadAfterFirstPaint, lowPriorityPreloads } from './hydration-scripts'

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

describe('loadAfterFirstPaint', () => {
	const scripts = (
		<Fragment>
			<link rel="modulepreload" href="/assets/manifest.js" />
			{[<link key="a" rel="modulepreload" href="/assets/a.js" />, <link key="b" rel="modulepreload" href="/assets/b.js" />]}
			<Fragment>
				<script nonce="n0" dangerouslySetInnerHTML={{ __html: 'window.ctx = 1' }} />
				<script nonce="n0" type="module" async dangerouslySetInnerHTML={{ __html: 'import "/assets/a.js";\nwindow.x = "</script>";\nimport("/assets/entry.js")' }} />
			</Fragment>
		</Fragment>
	)
	const html = renderToStaticMarkup(<>{loadAfterFirstPaint(scripts)}</>)
	const loader = /<script nonce="n0">(\(function\(\)[^]*?)<\/script>/.exec(html)?.[1]

	/** Runs the loader against a minimal document; `paint()` runs what waits for the first paint. */
	function run(visibilityState: 'visible' | 'hidden', paintTiming = true) {
		const added: { where: string; tag: string; props: Record<string, unknown> }[] = []
		const waiting: (() => void)[] = []
		const element = (tag: string) => ({ tag }) as Record<string, unknown>
		const append = (where: string) => (el: Record<string, unknown>) => {
			const { tag, ...props } = el
			added.push({ where, tag: tag as string, props })
		}
		const document = { visibilityState, currentScript: { nonce: 'n0' }, createElement: element, head: { appendChild: append('head') }, body: { appendChild: append('body') } }
		// The browser's paint timing: the observer is called (and disconnects) once the page has painted.
		class PerformanceObserver {
			static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['mark']
			constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
			observe(options: { type: string; buffered: boolean }) {
				expect(options).toEqual({ type: 'paint', buffered: true })
				waiting.push(() => this.callback({}, this))
			}
			disconnect() {}
		}
		new Function('window', 'document', 'requestAnimationFrame', 'setTimeout', loader!)(
			{ PerformanceObserver },
			document,
			(f: () => void) => waiting.push(f),
			(f: () => void) => waiting.push(f),
		)
		const paint = () => {
			while (waiting.length) waiting.shift()!()
		}
		return { added, paint }
	}

	it('serves no module preload and no module script: one classic script under the nonce, the context script as it was', () => {
		expect(html).not.toContain('<link')
		expect(html).not.toContain('type="module"')
		expect(html).toContain('<script nonce="n0">window.ctx = 1</script>')
		expect(loader).toBeDefined()
		// Nothing in the module's text closes the loader's script early.
		expect(loader).not.toContain('</script>')
	})

	it('asks for nothing until the page has painted, then adds the preloads and the same module text under the same nonce', () => {
		const { added, paint } = run('visible')
		expect(added).toEqual([])
		paint()
		expect(added).toEqual([
			{ where: 'head', tag: 'link', props: { rel: 'modulepreload', href: '/assets/manifest.js' } },
			{ where: 'head', tag: 'link', props: { rel: 'modulepreload', href: '/assets/a.js' } },
			{ where: 'head', tag: 'link', props: { rel: 'modulepreload', href: '/assets/b.js' } },
			{ where: 'body', tag: 'script', props: { type: 'module', nonce: 'n0', textContent: 'import "/assets/a.js";\nwindow.x = "</script>";\nimport("/assets/entry.js")' } },
		])
	})

	it('without paint timing, waits for the first animation frame and a task after it', () => {
		const { added, paint } = run('visible', false)
		expect(added).toEqual([])
		paint()
		expect(added).toHaveLength(4)
	})

	it('loads at once in a hidden page, which paints nothing', () => {
		expect(run('hidden').added).toHaveLength(4)
	})
})
