import express, { type Router } from 'express'
import type Provider from 'oidc-provider'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { users } from '../db/schema'
import { verifyPassword } from '../db/password'
import { signInPage } from './pages'
import { z } from 'zod'
import type { LimiterStore } from '../rate-limit'

const SignInForm = z.object({
	email: z.string().trim().toLowerCase().min(1, 'E-mail is required').max(320),
	password: z.string().min(1, 'Password is required').max(1024),
})

const INVALID = 'Invalid e-mail or password.'
const TOO_MANY = 'Too many failed sign-in attempts. Please wait a few minutes and try again.'

/**
 * Failed sign-ins allowed in 15 minutes: per address and e-mail, per address whatever the
 * e-mail, and per e-mail whatever the address ("sign-in failures also limited per
 * e-mail across addresses").
 */
export const SIGN_IN_FAILURES = { perAccount: 10, perAddress: 100, perEmail: 30 } as const
const FAILURE_WINDOW_MS = 15 * 60_000

/**
 * Failed sign-ins are limited per address and e-mail (10 in 15 minutes), so that passwords
 * cannot be guessed at speed; per address (100 in 15 minutes), so that one address cannot try
 * a password on account after account either; and per e-mail (30 in 15 minutes), so that many
 * addresses (a botnet) cannot share out the guessing of one account's password. The price of
 * the last: an account under such an attack waits out the window too. Successful sign-ins are
 * not counted.
 *
 * Each attempt is counted before its password is checked (one atomic hit per key, in memory or
 * in PostgreSQL's rate_limits shared by every process) and given back when it succeeds or when
 * it is refused: parallel attempts cannot all pass the check while the first hashes are still
 * running (50 at once against a limit of 10 check exactly 10).
 */
export function failureLimiter(store: LimiterStore) {
	const limiters = {
		account: store.limiter('sign-in-account', SIGN_IN_FAILURES.perAccount, FAILURE_WINDOW_MS),
		address: store.limiter('sign-in-address', SIGN_IN_FAILURES.perAddress, FAILURE_WINDOW_MS),
		email: store.limiter('sign-in-email', SIGN_IN_FAILURES.perEmail, FAILURE_WINDOW_MS),
	}
	const keys = (address: string, email: string) =>
		[
			[limiters.account, `${address}|${email}`],
			[limiters.address, address],
			[limiters.email, email],
		] as const
	return {
		/** Counts one attempt: 0 when its password may be checked, else the seconds to wait (nothing counted). */
		async attempt(address: string, email: string): Promise<number> {
			const hits = await Promise.all(
				keys(address, email).map(async ([limiter, key]) => ({
					limiter,
					key,
					result: await limiter.hit(key),
				})),
			)
			const refused = hits.filter((h) => !h.result.allowed)
			if (!refused.length) return 0
			await Promise.all(hits.map(({ limiter, key }) => limiter.undo(key)))
			return Math.max(...refused.map((h) => h.result.retryAfter))
		},
		/** The password was right: the attempt was no failure. */
		async succeeded(address: string, email: string) {
			await Promise.all(keys(address, email).map(([limiter, key]) => limiter.undo(key)))
		},
	}
}

/**
 * The provider's interaction pages: sign-in (our users and scrypt hashes) and
 * the consent step, granted at once for our own first-party client.
 */
export function interactionRoutes(provider: Provider, db: Database, limits: LimiterStore): Router {
	const router = express.Router()
	const limiter = failureLimiter(limits)
	const noStore: express.RequestHandler = (_req, res, next) => {
		res.set('Cache-Control', 'no-store')
		next()
	}

	router.get('/interaction/:uid', noStore, async (req, res, next) => {
		try {
			const details = await provider.interactionDetails(req, res)
			if (details.prompt.name === 'login') {
				res.type('html').send(signInPage({ uid: details.uid }))
				return
			}
			// consent: our own client gets what it asked for.
			const { prompt, params, session, grantId } = details
			const grant = grantId
				? await provider.Grant.find(grantId)
				: new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) })
			if (!grant) throw new Error('grant not found')
			const missing = prompt.details as {
				missingOIDCScope?: string[]
				missingOIDCClaims?: string[]
				missingResourceScopes?: Record<string, string[]>
			}
			if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
			if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
			for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
				grant.addResourceScope(indicator, scopes.join(' '))
			}
			const savedGrantId = await grant.save()
			await provider.interactionFinished(
				req,
				res,
				{ consent: { grantId: savedGrantId } },
				{ mergeWithLastSubmission: true },
			)
		} catch (error) {
			next(error)
		}
	})

	router.post(
		'/interaction/:uid/login',
		noStore,
		express.urlencoded({ extended: false, limit: '8kb' }),
		async (req, res, next) => {
			try {
				const details = await provider.interactionDetails(req, res)
				const parsed = SignInForm.safeParse(req.body)
				const email = typeof req.body?.email === 'string' ? req.body.email : ''
				if (!parsed.success) {
					res
						.status(400)
						.type('html')
						.send(
							signInPage({
								uid: details.uid,
								email,
								error: parsed.error.issues[0]?.message ?? INVALID,
							}),
						)
					return
				}
				const address = req.ip ?? 'unknown'
				const wait = await limiter.attempt(address, parsed.data.email)
				if (wait) {
					res
						.status(429)
						.set('Retry-After', String(wait))
						.type('html')
						.send(signInPage({ uid: details.uid, email, error: TOO_MANY }))
					return
				}
				const [user] = await db
					.select({ id: users.id, passwordHash: users.passwordHash })
					.from(users)
					.where(eq(users.email, parsed.data.email))
					.limit(1)
				// Verify even for an unknown e-mail, so timing does not tell which exist.
				const ok = await verifyPassword(parsed.data.password, user?.passwordHash ?? DUMMY_HASH)
				if (!user || !ok) {
					res
						.status(401)
						.type('html')
						.send(signInPage({ uid: details.uid, email, error: INVALID }))
					return
				}
				await limiter.succeeded(address, parsed.data.email)
				await provider.interactionFinished(
					req,
					res,
					{ login: { accountId: user.id } },
					{ mergeWithLastSubmission: false },
				)
			} catch (error) {
				next(error)
			}
		},
	)
	return router
}

// A well-formed hash of a random password: makes a miss cost as much as a hit.
const DUMMY_HASH =
	'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$' + Buffer.alloc(64, 7).toString('base64')
