import { createHash } from 'node:crypto'
import { lt } from 'drizzle-orm'
import type { Database } from '../db/client'
import { revokedTokens } from '../db/schema'

/** A bearer token as the API knows it: its hash (the revocation key) and its expiry. */
export interface BearerToken {
	hash: string
	expiresAt: Date
}

export function tokenHash(token: string): string {
	return createHash('sha256').update(token).digest('base64url')
}

/**
 * Ends a token before its expiry: listed until then, refused by `authenticate` meanwhile.
 * Rows of tokens that have expired on their own are dropped on the way (they are refused
 * by their `exp` anyway), so the table holds at most the tokens of the last hour's sign-outs.
 */
export async function revokeToken(db: Database, token: BearerToken) {
	await db.transaction(async (tx) => {
		await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()))
		await tx
			.insert(revokedTokens)
			.values({ tokenHash: token.hash, expiresAt: token.expiresAt })
			.onConflictDoNothing()
	})
}
