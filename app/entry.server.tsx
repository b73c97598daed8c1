import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import { NonceProvider } from '~/components/nonce-provider'
import { coalescedWrites } from '~/services/coalesced-writes.server'

/** How long deferred data may stream before the render is aborted. */
export const streamTimeout = 5_000

/**
 * Renders every document request. Security headers (CSP, HSTS, ...) are set by
 * server.ts; the CSP's script nonce arrives here as `loadContext.cspNonce` and is given
 * to React (its streaming scripts), to ServerRouter (the hydration data script) and,
 * through NonceProvider, to root's <Scripts> and <ScrollRestoration>.
 */
export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: AppLoadContext,
) {
	const nonce = loadContext.cspNonce ?? ''

	// Pages carry the signed-in user's data: never stored by shared or browser caches,
	// unless the route's `headers` export chose a policy of its own.
	if (!responseHeaders.has('Cache-Control')) {
		responseHeaders.set('Cache-Control', 'private, no-store')
	}
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')

	// https://httpwg.org/specs/rfc9110.html#HEAD
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')

		// Bots (and SPA mode) wait for all content; browsers get the shell at once.
		const readyOption: keyof RenderToPipeableStreamOptions =
			(userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

		// Abort after streamTimeout, leaving time to flush the rejected boundaries.
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
			() => abort(),
			streamTimeout + 1000,
		)

		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					// What React writes in one turn goes out as one chunk (coalescedWrites, ADR 0039).
					const body = coalescedWrites(() => {
						// Clear the timeout to prevent retaining the closure and memory leak
						clearTimeout(timeoutId)
						timeoutId = undefined
					})
					const stream = createReadableStreamFromReadable(body)
					pipe(body)
					resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors in the initial shell reject and are logged by handleDocumentRequest.
					if (shellRendered) console.error(error)
				},
			},
		)
	})
}
