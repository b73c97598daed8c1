import type { NextFunction, Request, Response } from 'express'
import { randomBytes, randomUUID } from 'node:crypto'

/** What the Google Maps JavaScript API loads (its CSP guide), opened only with GOOGLE_MAPS_API_KEY. */
export const GOOGLE_MAPS_ORIGINS = {
	scripts: ['https://maps.googleapis.com'],
	assets: {
		img: ['https://*.googleapis.com', 'https://maps.gstatic.com', 'https://*.ggpht.com'],
		font: ['https://fonts.gstatic.com'],
		style: ['https://fonts.googleapis.com'],
	},
}

/**
 * The origins of the keyless map's configured tiles (MAP_TILE_URL, MAP_STYLE_URL): MapLibre
 * fetches tiles (connect-src) and draws them (img-src). None without configuration.
 */
export function tileOrigins(
	tiles: { tileUrl: string | null; styleUrl: string | null } | null,
): string[] {
	const origins = new Set<string>()
	for (const url of [tiles?.tileUrl, tiles?.styleUrl]) {
		if (!url) continue
		try {
			origins.add(new URL(url).origin)
		} catch {
			// not a URL: the configuration refuses it at boot
		}
	}
	return [...origins]
}

/**
 * Security headers on every response. The CSP allows no inline script but
 * React Router's own, which carry this request's nonce.
 */
export function securityHeaders(opts: {
	dev: boolean
	formActionOrigins: string[]
	/** Origins allowed to serve scripts, frames and fetches (a configured outside service). */
	thirdParty?: string[]
	/** Origins allowed to serve images, fonts and stylesheets (e.g. map tiles); `connect` also to fetch (MapLibre's tiles: connect and img). */
	thirdPartyAssets?: { img?: string[]; font?: string[]; style?: string[]; connect?: string[] }
	/** Origins our pages may frame and nothing more (Power BI's report, when configured). */
	thirdPartyFrames?: string[]
	/** Paths our own pages may frame (the document viewer's PDF); every other response refuses frames. */
	frameableBySelf?: (path: string) => boolean
}) {
	const list = (origins: string[] | undefined) => (origins ?? []).map((o) => ' ' + o).join('')
	const extra = list(opts.thirdParty)
	const assets = opts.thirdPartyAssets ?? {}
	return (req: Request, res: Response, next: NextFunction) => {
		const nonce = randomBytes(16).toString('base64')
		res.locals.cspNonce = nonce
		const connect = opts.dev ? "'self' ws: wss:" : "'self'"
		const csp = [
			"default-src 'self'",
			`script-src 'self' 'nonce-${nonce}'${extra}${opts.dev ? " 'unsafe-eval'" : ''}`,
			`style-src 'self' 'unsafe-inline'${list(assets.style)}`,
			`img-src 'self' data: blob:${list(assets.img)}${list(assets.connect)}`,
			`font-src 'self'${list(assets.font)}`,
			`connect-src ${connect}${extra}${list(assets.connect)}`,
			"worker-src 'self' blob:",
			`frame-src 'self'${extra}${list(opts.thirdPartyFrames)}`,
			"object-src 'none'",
			"base-uri 'none'",
			// Only the document viewer's own frame (a file download route) may be framed, and only by our pages.
			opts.frameableBySelf?.(req.path) ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
			`form-action 'self'${opts.formActionOrigins.map((o) => ' ' + o).join('')}`,
		].join('; ')
		res.setHeader('Content-Security-Policy', csp)
		res.setHeader('X-Content-Type-Options', 'nosniff')
		res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
		res.setHeader('X-Frame-Options', opts.frameableBySelf?.(req.path) ? 'SAMEORIGIN' : 'DENY')
		res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
		res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
		if (req.secure)
			res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		next()
	}
}

const REQUEST_ID = /^[\w.-]{1,128}$/

/** A request id from X-Request-Id when it is sane, else a new one; echoed back. */
export function requestId(req: Request, res: Response, next: NextFunction) {
	const sent = req.get('x-request-id')
	const id = sent && REQUEST_ID.test(sent) ? sent : randomUUID()
	res.locals.requestId = id
	res.setHeader('X-Request-Id', id)
	next()
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Cross-site request forgery: a state-changing request to the web app must
 * come from our own pages. Browsers say so with Sec-Fetch-Site, or at least
 * with Origin; a request that carries neither, or another origin, is refused.
 * The API is exempt: it takes bearer tokens, never cookies.
 */
export function sameOriginPosts(opts: {
	allowedOrigins: string[]
	isExempt: (path: string) => boolean
}) {
	return (req: Request, res: Response, next: NextFunction) => {
		if (!UNSAFE.has(req.method) || opts.isExempt(req.path)) return next()
		const site = req.get('sec-fetch-site')
		const origin = req.get('origin')
		const own = `${req.protocol}://${req.get('host')}`
		const listed = origin !== undefined && opts.allowedOrigins.includes(origin)
		const ok =
			site === 'same-origin' ||
			listed ||
			(site === undefined && origin !== undefined && origin === own)
		if (ok) return next()
		res.status(403).type('text/plain').send('Cross-site form posts are not accepted.')
	}
}
