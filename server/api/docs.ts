import { Hono } from 'hono'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * The readable API reference at /api/docs: Swagger UI, served from the
 * swagger-ui-dist package (no CDN), reading /api/docs/openapi.json. The
 * initializer is a file, not an inline script, so the page keeps the CSP.
 */
const require = createRequire(import.meta.url)
const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'))
const assets: Record<string, string> = {
	'swagger-ui.css': 'text/css; charset=utf-8',
	'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
	'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
}

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Waymark SCM API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<noscript><p>The reference needs JavaScript. The raw document is at <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>`

const init = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`

export const docsPages = new Hono()
	.get('/api/docs', (c) => c.html(page))
	.get('/api/docs/assets/init.js', (c) =>
		c.body(init, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
	)
	.get('/api/docs/assets/:file', async (c) => {
		const file = c.req.param('file')
		const type = assets[file]
		if (!type) return c.json({ error: 'Not found' }, 404)
		const body = await readFile(path.join(distDir, file))
		return c.body(body, 200, {
			'content-type': type,
			'cache-control': 'public, max-age=86400',
		})
	})
