import { Fragment, type ReactNode } from 'react'
import { PassThrough } from 'node:stream'
import { text } from 'node:stream/consumers'
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server'
import { createRequestHandler, Outlet, Scripts, ServerRouter, type ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { loadAfterFirstPaint, ScriptsAfterFirstPaint } from './scripts-after-first-paint'

/**
 * A document served by React Router's own request handler, from a build of one root route whose
 * Layout renders `scripts` (the shape `react-router build` writes; the assets are names only).
 */
async function served(scripts: ReactNode): Promise<string> {
	const root = {
		default: () => <Outlet />,
		Layout: ({ children }: { children: ReactNode }) => (
			<html lang="en">
				<head />
				<body>
					{children}
					{scripts}
				</body>
			</html>
		),
	}
	const build: ServerBuild = {
		entry: {
			module: {
				default: (request, status, headers, context) =>
					new Promise<Response>((resolve, reject) => {
						const { pipe } = renderToPipeableStream(
							<ServerRouter context={context} url={request.url} nonce="n0" />,
							{
								onAllReady() {
									const body = new PassThrough()
									pipe(body)
									resolve(
										text(body).then(
											(html) => new Response(html, { status, headers }),
										) as unknown as Response,
									)
								},
								onShellError: reject,
							},
						)
					}),
			},
		},
		routes: { root: { id: 'root', path: '', module: root } },
		assets: {
			entry: { module: '/assets/entry.client.js', imports: ['/assets/react.js'] },
			routes: {
				root: {
					id: 'root',
					path: '',
					module: '/assets/root.js',
					imports: ['/assets/shared.js'],
					hasAction: false,
					hasLoader: false,
					hasClientAction: false,
					hasClientLoader: false,
					hasClientMiddleware: false,
					hasErrorBoundary: false,
					clientActionModule: undefined,
					clientLoaderModule: undefined,
					clientMiddlewareModule: undefined,
					hydrateFallbackModule: undefined,
				},
			},
			url: '/assets/manifest.js',
			version: '1',
		},
		publicPath: '/',
		assetsBuildDirectory: 'build/client',
		future: {
			v8_middleware: false,
			v8_passThroughRequests: false,
			v8_trailingSlashAwareDataRequests: false,
		},
		ssr: true,
		isSpaMode: false,
		prerender: [],
		routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
	}
	const response = await createRequestHandler(
		build,
		'production',
	)(new Request('http://waymark.test/'))
	return response.text()
}

describe("React Router's <Scripts>, as ScriptsAfterFirstPaint rewrites it", () => {
	it('renders module preloads and one inline module script that imports the routes and then the entry', async () => {
		const html = await served(<Scripts nonce="n0" />)
		for (const href of [
			'/assets/manifest.js',
			'/assets/react.js',
			'/assets/shared.js',
			'/assets/root.js',
			'/assets/entry.client.js',
		])
			expect(html).toMatch(new RegExp(`<link rel="modulepreload" href="${href}" nonce="n0"/>`))
		expect(html).toMatch(
			/<script nonce="n0" type="module" async="">import "\/assets\/manifest.js";\nimport \* as route0 from "\/assets\/root.js";[^]*import\("\/assets\/entry.client.js"\);<\/script>/,
		)
	})

	it('is served with neither: one classic script under the nonce that adds them once the page has painted', async () => {
		const html = await served(<ScriptsAfterFirstPaint nonce="n0" />)
		expect(html).not.toMatch(/<link[^>]*modulepreload|<script[^>]*type="module"/)
		const loader = /<script nonce="n0">(\(function\(\)[^]*?)<\/script>/.exec(html)?.[1]
		expect(loader).toContain(
			'["/assets/manifest.js","/assets/entry.client.js","/assets/react.js","/assets/root.js","/assets/shared.js"]',
		)
		expect(loader).toContain('import(\\"/assets/entry.client.js\\")')
		// The context script (the loader data's stream) is left as it was.
		expect(html).toContain('<script nonce="n0">window.__reactRouterContext = ')
	})
})

describe('loadAfterFirstPaint', () => {
	const scripts = (
		<Fragment>
			<link rel="modulepreload" href="/assets/manifest.js" />
			{[
				<link key="a" rel="modulepreload" href="/assets/a.js" />,
				<link key="b" rel="modulepreload" href="/assets/b.js" />,
			]}
			<Fragment>
				<script nonce="n0" dangerouslySetInnerHTML={{ __html: 'window.ctx = 1' }} />
				<script
					nonce="n0"
					type="module"
					async
					dangerouslySetInnerHTML={{
						__html: 'import "/assets/a.js";\nwindow.x = "</script>";\nimport("/assets/entry.js")',
					}}
				/>
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
		const document = {
			visibilityState,
			currentScript: { nonce: 'n0' },
			createElement: element,
			head: { appendChild: append('head') },
			body: { appendChild: append('body') },
		}
		// The browser's paint timing: the observer is called (and disconnects) once the page has painted.
		class PerformanceObserver {
			static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['mark']
			constructor(
				private readonly callback: (list: unknown, observer: PerformanceObserver) => void,
			) {}
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
			{
				where: 'body',
				tag: 'script',
				props: {
					type: 'module',
					nonce: 'n0',
					textContent:
						'import "/assets/a.js";\nwindow.x = "</script>";\nimport("/assets/entry.js")',
				},
			},
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
