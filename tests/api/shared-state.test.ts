import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeProtectedHeader, jwtVerify, SignJWT, importJWK, type JWK } from 'jose'
import { eq, sql } from 'drizzle-orm'
import { createHarness, type Harness } from './harness'
import { memoryLimits, postgresLimits, limitsFor } from '../../server/rate-limit'
import { failureLimiter, SIGN_IN_FAILURES } from '../../server/idp/interactions'
import {
	currentSigningKeys,
	databaseJwks,
	dropExpiredSigningKeys,
	ensureSigningKeys,
	rotateSigningKey,
} from '../../server/signing-keys'
import { signingKeys } from '../../server/db/schema'
import { loadSharedSecrets } from '../../server/secrets'
import { loadConfig } from '../../server/config'
import { withStartupLock } from '../../server/db/client'

// "Nothing per process that matters: rate limits and the captcha replay guard in the database …
// Keys and secrets shared: the embedded provider's signing keys and every secret come from the environment
// or the database, rotatable (new key signs, old key still verifies until it expires)."
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL (npm test runs the API tests on both); the shared
// limit store exists only on PostgreSQL.

let h: Harness
beforeAll(async () => {
	h = await createHarness()
})
afterAll(() => h?.close())

const onPostgres = !!process.env.DATABASE_URL

describe('rate limits in the database', () => {
	it('counts in PostgreSQL when the database is PostgreSQL, in memory with PGlite', () => {
		expect(limitsFor(h.database).kind).toBe(onPostgres ? 'postgres' : 'memory')
	})

	it.runIf(onPostgres)(
		'counts two stores on one database as one (two processes), per key',
		async () => {
			const one = postgresLimits(h.database.pool!).limiter('test-burst', 5, 60_000)
			const two = postgresLimits(h.database.pool!).limiter('test-burst', 5, 60_000)
			const results = await Promise.all(
				Array.from({ length: 12 }, (_, i) => (i % 2 ? one : two).hit('198.51.100.7')),
			)
			expect(results.filter((r) => r.allowed)).toHaveLength(5)
			const refused = results.find((r) => !r.allowed)!
			expect(refused.retryAfter).toBeGreaterThan(50)
			expect(refused.retryAfter).toBeLessThanOrEqual(60)
			expect((await one.hit('198.51.100.8')).allowed).toBe(true)
		},
	)

	it.runIf(onPostgres)('gives a hit back only inside its window and never below zero', async () => {
		const limiter = postgresLimits(h.database.pool!).limiter('test-undo', 1, 60_000)
		await limiter.undo('nobody') // no row: nothing happens
		expect((await limiter.hit('a')).allowed).toBe(true)
		expect((await limiter.hit('a')).allowed).toBe(false)
		await limiter.undo('a')
		await limiter.undo('a')
		await limiter.undo('a')
		expect((await limiter.hit('a')).allowed).toBe(true)
		expect((await limiter.hit('a')).allowed).toBe(false)
	})

	it.runIf(onPostgres)(
		'keys a 320-character e-mail (hashed to fit) and limits sign-in failures per e-mail across processes',
		async () => {
			const email = `${'x'.repeat(300)}@example.test`
			const processes = [
				failureLimiter(postgresLimits(h.database.pool!)),
				failureLimiter(postgresLimits(h.database.pool!)),
			]
			for (let i = 0; i < SIGN_IN_FAILURES.perEmail; i++) {
				expect(await processes[i % 2]!.attempt(`198.51.100.${i}`, email), `address ${i}`).toBe(0)
			}
			expect(await processes[0]!.attempt('203.0.113.99', email)).toBeGreaterThan(0)
			const { rows } = await h.db.execute<{ key: string }>(
				sql`select key from rate_limits where key like 'sign-in-email:%'`,
			)
			expect(rows.map((r) => r.key)).toEqual([expect.stringMatching(/^sign-in-email:sha256:/)])
		},
	)

	it('keeps a memory store to itself (PGlite runs one process)', async () => {
		const one = memoryLimits().limiter('x', 1, 60_000)
		const two = memoryLimits().limiter('x', 1, 60_000)
		expect((await one.hit('k')).allowed).toBe(true)
		expect((await two.hit('k')).allowed).toBe(true)
	})
})

describe('secrets and signing keys in the database', () => {
	const config = loadConfig({ DATABASE_URL: 'postgres://unused.example/waymark' })

	it('generates each secret once and gives every process the same; the environment wins', async () => {
		const [first, second] = await Promise.all([
			loadSharedSecrets(config, h.db, []),
			loadSharedSecrets(config, h.db, []),
		])
		expect(second).toEqual(first)
		expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32)
		const fromEnv = await loadSharedSecrets(
			{ ...config, SESSION_SECRET: 'from-the-environment-0123456789abcdef' },
			h.db,
			[],
		)
		expect(fromEnv.sessionSecret).toBe('from-the-environment-0123456789abcdef')
		expect(fromEnv.webApiKey).toBe(first.webApiKey)
	})

	it('makes one signing key for processes starting together, and keeps it', async () => {
		const made = await Promise.all([
			withStartupLock(h.database, () => ensureSigningKeys(h.db)),
			withStartupLock(h.database, () => ensureSigningKeys(h.db)),
		])
		expect(made[0]).toHaveLength(1)
		expect(made[1]).toEqual(made[0])
		expect(await ensureSigningKeys(h.db)).toEqual(made[0])
	})

	it('rotates: the new key signs, the old one still verifies until it expires, and another process finds the new key', async () => {
		const [old] = await ensureSigningKeys(h.db)
		// A process that loaded only the old key verifies with the table behind it.
		const otherProcess = databaseJwks(h.db, [old!], { minReloadMs: 0 })
		const sign = async (jwk: object) =>
			new SignJWT({ sub: 'u' })
				.setProtectedHeader({ alg: 'RS256', kid: (jwk as { kid: string }).kid })
				.setIssuedAt()
				.setExpirationTime('5m')
				.sign(await importJWK(jwk as JWK, 'RS256'))
		const oldToken = await sign(old!)

		const rotated = await rotateSigningKey(h.db, 3600)
		expect(rotated).toHaveLength(2)
		const [signing, retiring] = rotated
		expect(signing!.kid).not.toBe(old!.kid)
		expect(retiring!.kid).toBe(old!.kid)
		const newToken = await sign(signing!)
		expect(decodeProtectedHeader(newToken).kid).toBe(signing!.kid)
		await expect(jwtVerify(newToken, otherProcess)).resolves.toBeTruthy()
		await expect(jwtVerify(oldToken, otherProcess)).resolves.toBeTruthy()

		// Once its time is up the old key is no longer loaded, verifies nothing, and is dropped.
		await h.db
			.update(signingKeys)
			.set({ verifyUntil: new Date(Date.now() - 1_000) })
			.where(eq(signingKeys.kid, String(old!.kid)))
		const now = await currentSigningKeys(h.db)
		expect(now.map((k) => k.kid)).toEqual([signing!.kid])
		await expect(jwtVerify(oldToken, databaseJwks(h.db, now, { minReloadMs: 0 }))).rejects.toThrow()
		await expect(
			jwtVerify(newToken, databaseJwks(h.db, now, { minReloadMs: 0 })),
		).resolves.toBeTruthy()
		expect(await dropExpiredSigningKeys(h.db)).toBe(1)
	})
})
