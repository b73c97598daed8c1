import type { JWTVerifyGetKey } from 'jose'
import type { Database } from '../db/client'
import type { FileStorage } from '../storage'
import type { GuestGrant } from '../sharing/guest-tokens'
import type { BearerToken } from './revoked-tokens'
import type { LimiterStore } from '../rate-limit'
import type { PowerBi } from '../analytics/power-bi'
import { acceptedSecrets } from '../rotating-secrets'

export interface ApiDeps {
	db: Database
	/** Verifies bearer tokens: the issuer's keys, its identifier and the audience we expect. */
	auth: { issuer: string; audience: string; keys: JWTVerifyGetKey }
	/** Key that server-side callers send in X-Api-Key for endpoints that take no user token. */
	webApiKey: string
	/** Web API keys being rotated out (WEB_API_KEY_PREVIOUS): still accepted until removed. */
	previousWebApiKeys?: readonly string[]
	/** Signs guest-link tokens (server/sharing/guest-tokens.ts) and keys the unsubscribe links (server/news-out/unsubscribe.ts). */
	guestLinkSecret: string
	/** Guest-link secrets being rotated out (GUEST_LINK_SECRET_PREVIOUS): what they signed is still accepted. */
	previousGuestLinkSecrets?: readonly string[]
	/** Where document and photo bytes live (server/storage). */
	storage: FileStorage
	/**
	 * The web app's public URL (PUBLIC_URL), which links in e-mails point at (share e-mails,
	 * guest links). With split tiers, give the API tier the web tier's PUBLIC_URL.
	 */
	publicUrl: string
	/**
	 * Where the rate limits count (server/rate-limit.ts): PostgreSQL's rate_limits table when
	 * several processes share a database, else memory. Absent: memory, one store per API instance.
	 */
	limits?: LimiterStore
	/**
	 * Networks webhooks may go to although loopback, private or link-local (WEBHOOK_ALLOW_NETWORKS,
	 * server/news-out/address-guard.ts); none when absent.
	 */
	webhookAllowNetworks?: readonly string[]
	/** Power BI's embed tokens when POWERBI_* are configured (server/analytics/power-bi.ts); none: the built-in report only. */
	powerBi?: PowerBi | null
	/**
	 * The most items an ingestion batch may hold (server/ingest/ingest.contract.ts batchMaxFor):
	 * fewer on PGlite, where a batch holds the one connection every request needs. Absent: INGEST_BATCH_MAX.
	 */
	ingestBatchMax?: number
}

/** The web API keys a call may send: the current one, then those being rotated out. */
export const acceptedWebApiKeys = (deps: ApiDeps) =>
	acceptedSecrets(deps.webApiKey, deps.previousWebApiKeys)
/** The secrets a guest link or unsubscribe link may be signed with: the current one (which signs new ones), then the previous. */
export const acceptedGuestLinkSecrets = (deps: ApiDeps) =>
	acceptedSecrets(deps.guestLinkSecret, deps.previousGuestLinkSecrets)

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
		/** The grant of a guest link (guest endpoints only; server/sharing/guest.routes.ts). */
		guest: GuestGrant
		/** The machine key a device gateway or integration called with (server/auth/machine-keys.ts). */
		machine: { keyId: string; organizationId: string; scopes: string[] }
	}
}
