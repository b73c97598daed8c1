import { hostname, networkInterfaces } from 'node:os'
import type { Config } from '../config'

/**
 * The origins a browser may have typed to reach this server ("with PUBLIC_URL unset,
 * sign-in works whether the browser opened localhost, 127.0.0.1 or the machine's name").
 *
 * With PUBLIC_URL set there is one: its origin. Unset, every name this machine answers to on
 * its port: localhost, the loopback addresses, the machine's name and the addresses of its
 * network interfaces. The sign-in redirect (…/authorize) and the provider's pages are built
 * on the origin the request came to, when it is one of these; a Host header naming anything
 * else is not believed, so a forged Host cannot send a sign-in elsewhere.
 */
export function browserOrigins(
	config: Pick<Config, 'publicUrl' | 'publicUrlSet' | 'PORT'>,
): string[] {
	const canonical = new URL(config.publicUrl).origin
	if (config.publicUrlSet) return [canonical]
	const port = config.PORT
	const hosts = new Set(['localhost', '127.0.0.1', '[::1]', hostname().toLowerCase()])
	for (const addresses of Object.values(networkInterfaces())) {
		for (const a of addresses ?? []) {
			// Link-local IPv6 needs a zone id, which no URL a person types carries.
			if (a.family === 'IPv6' && a.address.toLowerCase().startsWith('fe80:')) continue
			hosts.add(a.family === 'IPv6' ? `[${a.address}]` : a.address)
		}
	}
	return [canonical, ...[...hosts].map((h) => `http://${h}:${port}`).filter((o) => o !== canonical)]
}

/** The origin this request came to, when it is one of `origins`; else the first (PUBLIC_URL's, or localhost's). */
export function requestOrigin(
	origins: string[],
	protocol: string,
	host: string | undefined,
): string {
	const origin = host ? `${protocol}://${host.toLowerCase()}` : ''
	return origins.includes(origin) ? origin : origins[0]!
}
