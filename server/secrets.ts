import { generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from './config'

export interface Secrets {
	/** Encrypts the session cookie (and keys the embedded provider's cookies). */
	sessionSecret: string
	/** Sent by the web tier in X-Api-Key to endpoints that take no user token. */
	webApiKey: string
	/** Signs the tokens of guest links (shared timelines). */
	guestLinkSecret: string
	/** The web app's client secret at the embedded OpenID provider. */
	oidcClientSecret: string
	/** The embedded OpenID provider's RS256 signing key (private JWK). */
	oidcSigningKey: JsonWebKey
}

const random = (bytes: number) => () => randomBytes(bytes).toString('base64url')
const generators: { [K in keyof Secrets]: () => Secrets[K] } = {
	sessionSecret: random(32),
	webApiKey: random(24),
	guestLinkSecret: random(32),
	oidcClientSecret: random(32),
	oidcSigningKey: () => {
		const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
		return { ...privateKey.export({ format: 'jwk' }), kid: random(8)(), alg: 'RS256', use: 'sig' }
	},
}

/**
 * Secrets come from the environment; any that is absent is generated once
 * into `${DATA_DIR}/secrets.json` (mode 0600) and reused on later starts, so
 * a laptop install needs no configuration and the repository holds none.
 */
export function loadSecrets(config: Config): Secrets {
	const file = path.join(config.dataDir, 'secrets.json')
	const stored: Partial<Secrets> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {}
	const fromEnv: Partial<Secrets> = {
		sessionSecret: config.SESSION_SECRET,
		webApiKey: config.WEB_API_KEY,
		guestLinkSecret: config.GUEST_LINK_SECRET,
		oidcClientSecret: config.OIDC_CLIENT_SECRET,
	}
	let changed = false
	const secrets = {} as Record<keyof Secrets, unknown>
	for (const key of Object.keys(generators) as (keyof Secrets)[]) {
		const value = fromEnv[key] ?? stored[key]
		if (value !== undefined) {
			secrets[key] = value
			continue
		}
		secrets[key] = stored[key] = generators[key]() as never
		changed = true
	}
	if (changed) {
		mkdirSync(config.dataDir, { recursive: true })
		writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 })
	}
	return secrets as Secrets
}
