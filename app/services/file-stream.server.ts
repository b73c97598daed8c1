/** The API's file response handed to the browser as it streams, with its type, name and length. */
export function passThroughFile(response: Response): Response {
	const headers = new Headers({
		'Content-Type': response.headers.get('Content-Type') ?? 'application/octet-stream',
		'Content-Disposition': response.headers.get('Content-Disposition') ?? 'attachment',
		// no-transform: the compression middleware leaves the bytes alone.
		'Cache-Control': 'private, no-store, no-transform',
	})
	// nosniff and the CSP come from the server's security headers; the document route may be
	// framed by our own pages (the viewer), see server/http/app.ts.
	const length = response.headers.get('Content-Length')
	if (length) headers.set('Content-Length', length)
	return new Response(response.body, { status: 200, headers })
}

/**
 * The API's download (a CSV, a claim pack) handed to the browser as an attachment as it streams:
 * the API's file name (sanitized; `fallback` when it names none), `contentType`, its length when
 * known.
 */
export function passThroughAttachment(
	response: Response,
	fallback: string,
	contentType: string,
): Response {
	const name =
		/filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback
	const headers = new Headers({
		'Content-Type': contentType,
		'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`,
		'Cache-Control': 'private, no-store, no-transform',
	})
	const length = response.headers.get('Content-Length')
	if (length) headers.set('Content-Length', length)
	return new Response(response.body, { status: 200, headers })
}
