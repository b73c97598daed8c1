import type { AppLoadContext } from 'react-router'
import { memoryLimits } from '../../server/rate-limit'
import { createLogger } from '../../server/log'

/** A load context for the client's unit tests: the API reached through `scmFetch` at `scmBaseUrl`. */
export function testLoadContext(scmFetch: AppLoadContext['scmFetch'], scmBaseUrl: string) {
	return {
		cspNonce: '',
		requestId: 'req-1',
		log: createLogger('silent'),
		scmFetch,
		scmBaseUrl,
		webApiKey: 'key-123',
		publicUrl: 'http://localhost:3000',
		clientAddress: '127.0.0.1',
		firstUse: memoryFirstUse(),
		sessionSecret: 'test-session-secret-0123456789abcdef',
		previousSessionSecrets: [],
		secureCookies: false,
		oidc: {
			issuer: 'http://idp.test',
			clientId: 'waymark-web',
			clientSecret: 's',
			embedded: true,
			internalUrl: 'http://127.0.0.1:1',
		},
		recaptcha: null,
		googleMapsApiKey: null,
		mapTiles: null,
		iotTrackerUrl: null,
		powerBiEmbed: false,
	} satisfies AppLoadContext
}

/**
 * The load context's firstUse over a memory limiter store of its own (as server/http/app.ts makes it
 * over the deployment's store): a key allowed one hit per lifetime. Two contexts given the same one
 * stand for two processes on one database.
 */
export function memoryFirstUse(): AppLoadContext['firstUse'] {
	const store = memoryLimits()
	return async (key, lifetimeMs) =>
		(await store.limiter('first-use', 1, lifetimeMs).hit(key)).allowed
}
