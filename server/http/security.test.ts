import { describe, expect, it } from 'vitest'
import express from 'express'
import type { AddressInfo } from 'node:net'
import {
	GOOGLE_MAPS_ORIGINS,
	requestId,
	sameOriginPosts,
	securityHeaders,
	tileOrigins,
} from './security'

async function withServer(fn: (base: string) => Promise<void>) {
	const app = express()
	app.set('trust proxy', true)
	app.use(requestId)
	app.use(
		securityHeaders({
			dev: false,
			formActionOrigins: [],
			frameableBySelf: (p) => p.startsWith('/framed/'),
		}),
	)
	app.use(
		sameOriginPosts({
			allowedOrigins: ['https://trusted.example'],
			isExempt: (p) => p.startsWith('/api/'),
		}),
	)
	app.all('/{*splat}', (_req, res) => {
		res.send(`nonce=${res.locals.cspNonce as string}`)
	})
	const server = app.listen(0)
	await new Promise((r) => server.once('listening', r))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	try {
		await fn(base)
	} finally {
		server.close()
	}
}

describe('security headers', () => {
	it('sends a nonce CSP without inline script, nosniff and a request id', async () => {
		await withServer(async (base) => {
			const res = await fetch(`${base}/page`)
			const csp = res.headers.get('content-security-policy')!
			const nonce = (await res.text()).replace('nonce=', '')
			expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`)
			expect(csp).not.toContain("'unsafe-inline' 'nonce")
			expect(csp).toContain("object-src 'none'")
			expect(csp).toContain("base-uri 'none'")
			expect(csp).toContain("frame-ancestors 'none'")
			expect(res.headers.get('x-content-type-options')).toBe('nosniff')
			expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
			expect(res.headers.get('strict-transport-security')).toBeNull()
			const again = await fetch(`${base}/page`)
			expect(await again.text()).not.toBe(`nonce=${nonce}`)
		})
	})
})

describe('frames', () => {
	it('lets only the paths it is told (the document viewer’s PDF) be framed, and only by our own pages', async () => {
		await withServer(async (base) => {
			const framed = await fetch(`${base}/framed/doc`)
			expect(framed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
			expect(framed.headers.get('x-frame-options')).toBe('SAMEORIGIN')
			const page = await fetch(`${base}/page`)
			expect(page.headers.get('x-frame-options')).toBe('DENY')
		})
	})
})

describe('third-party sources', () => {
	it('are added to script, frame and connect sources only when configured', async () => {
		const app = express()
		app.use(
			securityHeaders({
				dev: false,
				formActionOrigins: [],
				thirdParty: ['https://www.google.com/recaptcha/'],
			}),
		)
		app.get('/', (_req, res) => {
			res.send('ok')
		})
		const server = app.listen(0)
		await new Promise((r) => server.once('listening', r))
		try {
			const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
			const csp = res.headers.get('content-security-policy')!
			expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.google\.com\/recaptcha\//)
			expect(csp).toContain("frame-src 'self' https://www.google.com/recaptcha/")
		} finally {
			server.close()
		}
	})
})

describe('map sources (GOOGLE_MAPS_API_KEY)', () => {
	async function cspOf(opts: Parameters<typeof securityHeaders>[0]) {
		const app = express()
		app.use(securityHeaders(opts))
		app.get('/', (_req, res) => {
			res.send('ok')
		})
		const server = app.listen(0)
		await new Promise((r) => server.once('listening', r))
		try {
			return (
				await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
			).headers.get('content-security-policy')!
		} finally {
			server.close()
		}
	}
	it('opens script, image, font and style sources to Google Maps only when given', async () => {
		const open = await cspOf({
			dev: false,
			formActionOrigins: [],
			thirdParty: GOOGLE_MAPS_ORIGINS.scripts,
			thirdPartyAssets: GOOGLE_MAPS_ORIGINS.assets,
		})
		expect(open).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/maps\.googleapis\.com/)
		expect(open).toContain(
			"img-src 'self' data: blob: https://*.googleapis.com https://maps.gstatic.com",
		)
		expect(open).toContain("font-src 'self' https://fonts.gstatic.com")
		const closed = await cspOf({ dev: false, formActionOrigins: [] })
		expect(closed).not.toMatch(/google|gstatic/)
		expect(closed).toContain("img-src 'self' data: blob:;")
	})
})

describe('HSTS', () => {
	it('is sent only when the request arrived over TLS (here: through a trusted proxy)', async () => {
		await withServer(async (base) => {
			const res = await fetch(`${base}/page`, { headers: { 'X-Forwarded-Proto': 'https' } })
			expect(res.headers.get('strict-transport-security')).toBe(
				'max-age=31536000; includeSubDomains',
			)
		})
	})
})

describe('same-origin form posts', () => {
	it('accepts same-origin posts and refuses cross-site or unlabelled ones', async () => {
		await withServer(async (base) => {
			const post = (headers: Record<string, string>, path = '/form') =>
				fetch(`${base}${path}`, { method: 'POST', headers, body: 'a=1' }).then((r) => r.status)
			expect(await post({ 'Sec-Fetch-Site': 'same-origin', Origin: base })).toBe(200)
			expect(await post({ Origin: base })).toBe(200)
			expect(
				await post({ Origin: 'https://trusted.example', 'Sec-Fetch-Site': 'cross-site' }),
			).toBe(200)
			expect(await post({ 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' })).toBe(
				403,
			)
			expect(await post({ Origin: 'https://evil.example' })).toBe(403)
			expect(await post({})).toBe(403)
			expect(await post({}, '/api/web/x')).toBe(200)
			expect((await fetch(`${base}/form`)).status).toBe(200)
		})
	})
})

describe('map tiles (MAP_TILE_URL, MAP_STYLE_URL)', () => {
	it('allow the tile server to be fetched and drawn, and only when configured', async () => {
		const tiles = { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', styleUrl: null }
		expect(tileOrigins(null)).toEqual([])
		expect(tileOrigins(tiles)).toEqual(['https://tiles.example.org'])
		expect(
			tileOrigins({ tileUrl: null, styleUrl: 'https://styles.example.net/v1/style.json' }),
		).toEqual(['https://styles.example.net'])
		const app = express()
		app.use(
			securityHeaders({
				dev: false,
				formActionOrigins: [],
				thirdPartyAssets: { connect: tileOrigins(tiles) },
			}),
		)
		app.get('/', (_req, res) => {
			res.send('ok')
		})
		const server = app.listen(0)
		await new Promise((r) => server.once('listening', r))
		try {
			const csp = (
				await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
			).headers.get('content-security-policy')!
			expect(csp).toContain("connect-src 'self' https://tiles.example.org")
			expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.org")
			expect(csp).toContain("worker-src 'self' blob:")
			expect(csp).not.toMatch(/script-src[^;]*tiles\.example/)
		} finally {
			server.close()
		}
	})
})

describe('Power BI', () => {
	it('opens frame-src to the report frame only, and only when configured', async () => {
		const cspOf = async (frames: string[]) => {
			const app = express()
			app.use(securityHeaders({ dev: false, formActionOrigins: [], thirdPartyFrames: frames }))
			app.get('/', (_req, res) => {
				res.send('ok')
			})
			const server = app.listen(0)
			await new Promise((r) => server.once('listening', r))
			try {
				return (
					await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
				).headers.get('content-security-policy')!
			} finally {
				server.close()
			}
		}
		const on = await cspOf(['https://app.powerbi.com'])
		expect(on).toContain("frame-src 'self' https://app.powerbi.com")
		expect(on).not.toMatch(/(script|connect)-src[^;]*powerbi/)
		expect(await cspOf([])).not.toContain('powerbi')
	})
})
