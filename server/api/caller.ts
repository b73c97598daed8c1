import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { jwtVerify, errors as joseErrors } from 'jose'
import { and, eq, notExists, sql } from 'drizzle-orm'
import { isAcceptedSecret } from '../rotating-secrets'
import { memberships, organizations, revokedTokens, users } from '../db/schema'
import type { Database } from '../db/client'
import { tokenHash, type BearerToken } from './revoked-tokens'
import { acceptedWebApiKeys, type ApiEnv, type Caller } from './context'
import { ApiError, forbidden, invalid, unauthorized } from '../errors'
import { hasShellAccess, SHELL_FORBIDDEN } from '../shared/permissions'
import { UUID } from '../shared/ids'

function bearerToken(header: string | undefined): string | null {
	const match = header?.match(/^Bearer\s+(\S+)$/i)
	return match?.[1] ?? null
}

interface Membership {
	organizationId: string
	permissions: string[]
	subscribedServices: string[]
}

/**
 * The caller's four statements (named by the token's subject id or by its e-mail; with or without a
 * supply chain), built once per database as drizzle's prepared statements: every call runs one, so
 * its SQL is not rebuilt each time, and PostgreSQL parses and plans it once per connection. The
 * statements only: nothing they read is kept.
 */
function callerStatements(db: Database) {
	const notRevoked = notExists(
		db
			.select({ one: sql`1` })
			.from(revokedTokens)
			.where(eq(revokedTokens.tokenHash, sql.placeholder('hash'))),
	)
	const byId = and(eq(users.id, sql.placeholder('sub')), notRevoked)
	const byEmail = and(sql`lower(${users.email}) = ${sql.placeholder('email')}`, notRevoked)
	const user = (named: typeof byId, name: string) =>
		db.select({ id: users.id, email: users.email }).from(users).where(named).limit(1).prepare(name)
	const member = (named: typeof byId, name: string) =>
		db
			.select({
				id: users.id,
				email: users.email,
				organizationId: memberships.organizationId,
				permissions: memberships.permissions,
				subscribedServices: memberships.subscribedServices,
			})
			.from(users)
			.leftJoin(organizations, eq(organizations.slug, sql.placeholder('slug')))
			.leftJoin(
				memberships,
				and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizations.id)),
			)
			.where(named)
			.limit(1)
			.prepare(name)
	return {
		userById: user(byId, 'caller_user_by_id'),
		userByEmail: user(byEmail, 'caller_user_by_email'),
		memberById: member(byId, 'caller_member_by_id'),
		memberByEmail: member(byEmail, 'caller_member_by_email'),
	}
}
const statements = new WeakMap<Database, ReturnType<typeof callerStatements>>()
function statementsOf(db: Database) {
	let made = statements.get(db)
	if (!made) statements.set(db, (made = callerStatements(db)))
	return made
}

/**
 * Resolves the caller of a signed-in endpoint: a bearer JWT verified against the issuer's keys
 * (signature, issuer, audience, expiry) and the user it names, in one statement with the
 * revocation check (`revoked_tokens`: a token sign-out ended) and, given a supply chain's slug,
 * the user's membership of it. No token, a bad one or an ended one → 401. Checked on every call,
 * nothing kept: a sign-out, or a membership or permission changed, holds from the next call on,
 * in every process (docs/decisions/0033).
 */
async function authenticate(
	c: Context<ApiEnv>,
	slug?: string,
): Promise<{ user: { id: string; email: string }; membership: Membership | null }> {
	const { db, auth } = c.var.deps
	const token = bearerToken(c.req.header('authorization'))
	if (!token) throw unauthorized()

	let claims
	try {
		;({ payload: claims } = await jwtVerify(token, auth.keys, {
			issuer: auth.issuer,
			audience: auth.audience,
			algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
		}))
	} catch (error) {
		if (error instanceof joseErrors.JOSEError) throw unauthorized()
		throw error
	}
	// Guest tokens are for the guest endpoints only.
	if (claims.typ === 'guest' || claims.token_use === 'guest') throw unauthorized()

	const bearer: BearerToken = {
		hash: tokenHash(token),
		// A token without `exp` (no provider of ours issues one) is listed for a day once ended.
		expiresAt: new Date(
			typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 24 * 3600_000,
		),
	}
	const sub = typeof claims.sub === 'string' ? claims.sub : ''
	const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : ''
	const byId = UUID.test(sub)
	if (!byId && (!email || email.includes('\u0000'))) throw unauthorized()
	const named = byId ? { sub, hash: bearer.hash } : { email, hash: bearer.hash }
	const prepared = statementsOf(db)
	if (slug === undefined) {
		const [user] = await (byId ? prepared.userById : prepared.userByEmail).execute(named)
		if (!user) throw unauthorized()
		c.set('token', bearer)
		return { user, membership: null }
	}
	const [row] = await (byId ? prepared.memberById : prepared.memberByEmail).execute({
		...named,
		slug,
	})
	if (!row) throw unauthorized()
	c.set('token', bearer)
	const { id, email: userEmail, organizationId, permissions, subscribedServices } = row
	return {
		user: { id, email: userEmail },
		membership:
			organizationId && permissions && subscribedServices
				? { organizationId, permissions, subscribedServices }
				: null,
	}
}

/** A signed-in endpoint that needs no supply chain (the caller's own profile). */
export const requireToken = createMiddleware<ApiEnv>(async (c, next) => {
	c.set('user', (await authenticate(c)).user)
	await next()
})

/**
 * A signed-in endpoint of the supply chain named by X-Supply-Chain (and X-Account when sent):
 * the caller must be a member of it with the shell's permissions. A supply chain the user does
 * not belong to, known or not → 403, so that nobody learns which exist.
 */
export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
	const slug = c.req.header('x-supply-chain')?.trim()
	const account = c.req.header('x-account')?.trim()
	if (!slug) {
		await authenticate(c)
		throw invalid('X-Supply-Chain', 'header is required')
	}
	const { user, membership } = await authenticate(c, slug)
	if (account && account !== slug) throw forbidden()
	if (!membership) throw forbidden()
	// Every operation behind this guard serves a signed-in page, and those pages need one of
	// the shell's permissions (000 §6): a member without them is refused here, not only by the page.
	if (!hasShellAccess(membership.permissions)) throw new ApiError(403, SHELL_FORBIDDEN)

	const caller: Caller = {
		userId: user.id,
		email: user.email,
		organizationId: membership.organizationId,
		organizationSlug: slug,
		permissions: membership.permissions,
		subscribedServices: membership.subscribedServices,
	}
	c.set('user', user)
	c.set('caller', caller)
	await next()
})

/** Endpoints called by our own web tier without a user (toggles) take the web API key. */
export const requireApiKey = createMiddleware<ApiEnv>(async (c, next) => {
	if (!isAcceptedSecret(c.req.header('x-api-key') ?? '', acceptedWebApiKeys(c.var.deps)))
		throw unauthorized()
	await next()
})

/**
 * After requireUser: refuses a caller whose profile lacks `permission` with 403, e.g.
 * TRACKER.DEFAULT for sensor data (002 §5).
 */
export function requirePermission(permission: string) {
	return createMiddleware<ApiEnv>(async (c, next) => {
		if (!c.var.caller.permissions.includes(permission))
			throw new ApiError(403, `Forbidden: ${permission} is required`)
		await next()
	})
}
