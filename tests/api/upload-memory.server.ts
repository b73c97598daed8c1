/**
 * The server side of tests/api/upload-memory.test.ts, in a process of its own so that its RSS is
 * the server's alone: the harness's API behind a loopback HTTP listener, plus `/web/photos`,
 * which does what the timeline's upload action does (app/services/form.server.ts
 * readUploadForm, then the API called in memory with the spooled files). `GET /rss` answers the
 * peak RSS since the last `GET /rss?reset=1`. Prints one line `READY {json}` when listening.
 */
import http from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { MAX_PHOTO_BYTES } from '../../server/shared/file-rules'
import { readUploadForm } from '../../app/services/form.server'
import { createHarness } from './harness'

const h = await createHarness()
const token = await h.tokenFor('olivia@acme.test')
const order = await h.orderId('acme', 'SO-1008')

let peak = 0
setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5).unref()

async function webUpload(request: Request): Promise<Response> {
	const upload = await readUploadForm(request, MAX_PHOTO_BYTES)
	try {
		const body = new FormData()
		for (const file of upload.form.getAll('file[]') as File[])
			body.append('file[]', file, file.name)
		return await h.api.fetch(
			new Request(new URL(`/api/web/ship_sets/${order}/photos`, 'http://scm.internal'), {
				method: 'POST',
				body,
				headers: { Authorization: `Bearer ${token}`, 'X-Supply-Chain': 'acme' },
			}),
		)
	} finally {
		await upload.cleanup()
	}
}

const listener = getRequestListener(async (request) => {
	const url = new URL(request.url)
	if (url.pathname === '/rss') {
		const answer = {
			peak: Math.max(peak, process.memoryUsage().rss),
			now: process.memoryUsage().rss,
		}
		if (url.searchParams.has('reset')) peak = 0
		return Response.json(answer)
	}
	if (url.pathname === '/web/photos') return webUpload(request)
	return h.api.fetch(request)
})
const server = http.createServer(listener)
server.listen(0, '127.0.0.1', () => {
	const address = server.address() as { port: number }
	console.log(
		`READY ${JSON.stringify({ url: `http://127.0.0.1:${address.port}`, token, order, uploadsDir: h.uploadsDir })}`,
	)
})
process.on('SIGTERM', () => {
	server.close()
	void h.close().then(() => process.exit(0))
})
