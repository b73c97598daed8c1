import { generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Config } from './config'
import type { Database } from './db/client'
import { appSecrets } from './db/schema'

export interface Secrets {
	/** Encrypts the session cookie (and keys the embedded provider's cookies). */
	sessionSecret: string
	/** Session secrets being rotated out (SESSION_SECRET_PREVIOUS): their cookies are still read. */
	previousSessionSecrets: string[]
	/** Web API keys being rotated out (WEB_API_KEY_PREVIOUS): calls sending one still pass. */
	previousWebApiKeys: string[]
	/** Guest-link secrets being rotated out (GUEST_LINK_SECRET_PREVIOUS): links signed with one still open. */
	previousGuestLinkSecrets: string[]
	/** The embedded provider's client secrets being rotated out (OIDC_CLIENT_SECRET_PREVIOUS): still accepted. */
	previousOidcClientSecrets: string[]
	/** Sent by the web tier in X-Api-Key to endpoints that take no user token. */
	webApiKey: string
	/** Signs the tokens of guest links (shared timelines). */
	guestLinkSecret: string
	/** The web app's client secret at the embedded OpenID provider. */
	oidcClientSecret: string
	/**
	 * The embedded OpenID provider's RS256 keys (private JWKs), the signing one first; the others
	 * verify until they expire (server/signing-keys.ts). OIDC_SIGNING_KEYS when set.
	 */
	oidcSigningKeys: JsonWebKey[]
}

/** What secrets.json holds: the PGlite (one process) deployment's secrets and its one signing key. */
interface StoredSecrets extends Omit<Secrets, 'oidcSigningKeys' | keyof PreviousSecrets> {
	oidcSigningKey: JsonWebKey
}

type PreviousSecrets = Pick<
	Secrets,
	| 'previousSessionSecrets'
	| 'previousWebApiKeys'
	| 'previousGuestLinkSecrets'
	| 'previousOidcClientSecrets'
>

/** The values being rotated out (X_PREVIOUS): environment only, they are never generated. */
function previousFromEnvironment(config: Config): PreviousSecrets {
	return {
		previousSessionSecrets: config.SESSION_SECRET_PREVIOUS,
		previousWebApiKeys: config.WEB_API_KEY_PREVIOUS,
		previousGuestLinkSecrets: config.GUEST_LINK_SECRET_PREVIOUS,
		previousOidcClientSecrets: config.OIDC_CLIENT_SECRET_PREVIOUS,
	}
}

/** A fresh RS256 signing key with its key id. */
export function newSigningKey(): JsonWebKey {
	const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
	return { ...privateKey.export({ format: 'jwk' }), kid: random(8)(), alg: 'RS256', use: 'sig' }
}

const random = (bytes: number) => () => randomBytes(bytes).toString('base64url')
const stringGenerators = {
	sessionSecret: random(32),
	webApiKey: random(24),
	guestLinkSecret: random(32),
	oidcClientSecret: random(32),
}
const generators: { [K in keyof StoredSecrets]: () => StoredSecrets[K] } = {
	...stringGenerators,
	oidcSigningKey: newSigningKey,
}

function fromEnvironment(config: Config): Partial<Record<keyof typeof stringGenerators, string>> {
	return {
		sessionSecret: config.SESSION_SECRET,
		webApiKey: config.WEB_API_KEY,
		guestLinkSecret: config.GUEST_LINK_SECRET,
		oidcClientSecret: config.OIDC_CLIENT_SECRET,
	}
}

/**
 * With PGlite (one process): secrets come from the environment; any that is absent is generated
 * once into `${DATA_DIR}/secrets.json` (mode 0600) and reused on later starts, so a laptop
 * install needs no configuration and the repository holds none. On PostgreSQL see
 * loadSharedSecrets: every process must read the same ones.
 */
export function loadSecrets(config: Config): Secrets {
	const file = path.join(config.dataDir, 'secrets.json')
	const stored: Partial<StoredSecrets> = existsSync(file)
		? (JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>)
		: {}
	const fromEnv: Partial<StoredSecrets> = fromEnvironment(config)
	let changed = false
	const secrets = {} as Record<keyof StoredSecrets, unknown>
	for (const key of Object.keys(generators) as (keyof StoredSecrets)[]) {
		// Keys from OIDC_SIGNING_KEYS: none is generated into the file.
		if (key === 'oidcSigningKey' && config.OIDC_SIGNING_KEYS) continue
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
	const { oidcSigningKey, ...rest } = secrets as StoredSecrets
	return {
		...rest,
		...previousFromEnvironment(config),
		oidcSigningKeys: config.OIDC_SIGNING_KEYS ?? [oidcSigningKey],
	}
}

/**
 * With DATABASE_URL ("every secret comes from the environment or the database"): a
 * secret the environment does not set is read from table app_secrets; the first process to start
 * generates it (insert … on conflict do nothing, so processes starting together agree on one).
 * The signing keys come from OIDC_SIGNING_KEYS or table signing_keys (server/signing-keys.ts
 * loadSigningKeys), loaded by the caller. To rotate a secret: set the new one in the environment
 * (or update its row), the old one in X_PREVIOUS, and restart the processes one by one
 * (docs/deploy.md "Rotating secrets"): nobody is signed out and no link stops working.
 */
export async function loadSharedSecrets(
	config: Config,
	db: Database,
	oidcSigningKeys: JsonWebKey[],
): Promise<Secrets> {
	const fromEnv = fromEnvironment(config)
	const values = {} as Record<keyof typeof stringGenerators, string>
	for (const name of Object.keys(stringGenerators) as (keyof typeof stringGenerators)[]) {
		const set = fromEnv[name]
		if (set !== undefined) {
			values[name] = set
			continue
		}
		await db
			.insert(appSecrets)
			.values({ name, value: stringGenerators[name]() })
			.onConflictDoNothing()
		const [row] = await db
			.select({ value: appSecrets.value })
			.from(appSecrets)
			.where(eq(appSecrets.name, name))
		values[name] = row!.value
	}
	return { ...values, ...previousFromEnvironment(config), oidcSigningKeys }
}
