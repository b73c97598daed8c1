/**
 * A route's `headers`: passes its loader's Retry-After (set on a 429 from the API's rate
 * limits) on to the document, so that browsers, proxies and the server's load shedding
 * (server/http/shed.ts) know how long to wait.
 */
export function retryAfterHeaders({
	loaderHeaders,
	errorHeaders,
}: {
	loaderHeaders: Headers
	errorHeaders?: Headers
}): HeadersInit {
	const value = errorHeaders?.get('Retry-After') ?? loaderHeaders.get('Retry-After')
	return value ? { 'Retry-After': value } : {}
}
