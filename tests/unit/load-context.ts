import type { AppLoadContext } from 'react-router'

/** A load context for the client's unit tests: the API reached through `scmFetch` at `scmBaseUrl`. */
export function testLoadContext(scmFetch: AppLoadContext['scmFetch'], scmBaseUrl: string) {
	return {
		cspNonce: '',
		requestId: 'req-1',
		scmFetch,
		scmBaseUrl,
		webApiKey: 'key-123',
		publicUrl: 'http://localhost:3000',
		clientAddress: '127.0.0.1',
		sessionSecret: 'test-session-secret-0123456789abcdef',
		secureCookies: false,
		oidc: { issuer: 'http://idp.test', clientId: 'waymark-web', clientSecret: 's', embedded: true, internalUrl: 'http://127.0.0.1:1' },
		recaptcha: null,
		googleMapsApiKey: null,
		iotTrackerUrl: null,
		powerBiEmbed: false,
	} satisfies AppLoadContext
}
