import type { JWTVerifyGetKey } from 'jose'
import type { Database } from '../db/client'
import type { FileStorage } from '../storage'
import type { GuestGrant } from '../guest/tokens'
import type { BearerToken } from './queries/revoked-tokens'
import type { LimiterStore } from './rate-limit'

export interface ApiDeps {
	db: Database
	/** Verifies bearer tokens: the issuer's keys, its identifier and the audience we expect. */
	auth: { issuer: string; audience: string; keys: JWTVerifyGetKey }
	/** Key that server-side callers send in X-Api-Key for endpoints that take no user token. */
	webApiKey: string
	/** Signs guest-link tokens (server/guest/tokens.ts). */
	guestLinkSecret: string
	/** Where document and photo bytes live (server/storage). */
	storage: FileStorage
	/**
	 * The web app's public URL (PUBLIC_URL), which links in e-mails point at (share e-mails,
	 * guest links). With split tiers, give the API tier the web tier's PUBLIC_URL.
	 */
	publicUrl: string
	/**
	 * Where the rate limits count (server/api/rate-limit.ts): PostgreSQL's rate_limits table when
	 * several processes share a database, else memory. Absent: memory, one store per API instance.
	 */
	limits?: LimiterStore
}

/** The signed-in caller, resolved from the bearer token and the X-Supply-Chain header. */
export interface Caller {
	userId: string
	email: string
	organizationId: string
	organizationSlug: string
	permissions: string[]
	subscribedServices: string[]
}

export type ApiEnv = {
	Variables: {
		deps: ApiDeps
		caller: Caller
		/** The user a verified bearer token names (set with or without a supply chain). */
		user: { id: string; email: string }
		/** The verified bearer token (its hash and expiry), for ending its session. */
		token: BearerToken
		/** The grant of a guest link (guest endpoints only; server/api/routes/guest.ts). */
		guest: GuestGrant
		/** The machine key a device gateway or integration called with (server/api/machine-keys.ts). */
		machine: { keyId: string; organizationId: string }
	}
}
