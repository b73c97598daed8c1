/**
 * `npm run signing-keys -- list|rotate`: the embedded OpenID provider's signing keys on PostgreSQL
 * (table signing_keys; server/signing-keys.ts). `rotate` adds a new key, which signs from each
 * process's next start (restart them one by one); the keys it replaces keep verifying for the
 * longest token lifetime (the refresh token's 14 days, or --verify-hours), then are dropped.
 * With PGlite (one process) the key lives in DATA_DIR/secrets.json: stop the server, remove
 * `oidcSigningKey` from the file and start again (every session signs in again).
 *
 * `generate` is for keys kept in the environment (OIDC_SIGNING_KEYS, a JWKS; the table is then not
 * used): it prints the next value of the variable, a new key first and the current keys after it,
 * so that the new key signs and the old ones still verify. Drop the old ones from the variable
 * once the longest token lifetime (14 days) has passed. Needs no database.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { migrate, openDatabase } from '../db/client'
import { signingKeys } from '../db/schema'
import { asc } from 'drizzle-orm'
import { ensureSigningKeys, rotateSigningKey } from '../signing-keys'
import { newSigningKey } from '../secrets'

const usage = 'usage: npm run signing-keys -- list | rotate [--verify-hours N] | generate'
const { positionals, values } = parseArgs({
	allowPositionals: true,
	options: { 'verify-hours': { type: 'string' } },
})
const [command] = positionals
if (command !== 'list' && command !== 'rotate' && command !== 'generate') {
	console.error(usage)
	process.exit(2)
}
const config = loadConfig()
if (command === 'generate') {
	// Private keys: to stdout only, for the secret store; nothing is written here.
	console.log(JSON.stringify({ keys: [newSigningKey(), ...(config.OIDC_SIGNING_KEYS ?? [])] }))
	process.exit(0)
}
if (command === 'rotate' && config.OIDC_SIGNING_KEYS) {
	console.error(
		"OIDC_SIGNING_KEYS is set: the processes sign with those keys, not the table's. Rotate with `npm run signing-keys -- generate`.",
	)
	process.exit(2)
}
if (!config.DATABASE_URL) {
	console.error(
		"Signing keys live in the database only with DATABASE_URL; with PGlite see DATA_DIR/secrets.json (this file's header).",
	)
	process.exit(2)
}
const verifyHours = values['verify-hours'] === undefined ? 14 * 24 : Number(values['verify-hours'])
if (!Number.isFinite(verifyHours) || verifyHours < 0) {
	console.error(usage)
	process.exit(2)
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL })
try {
	await migrate(database)
	if (command === 'rotate') {
		await ensureSigningKeys(database.db)
		const [signing] = await rotateSigningKey(database.db, verifyHours * 3600)
		console.log(
			`New signing key ${signing!.kid}: restart the processes one by one; the previous keys verify for ${verifyHours} h more.`,
		)
	}
	const rows = await database.db
		.select({
			kid: signingKeys.kid,
			createdAt: signingKeys.createdAt,
			retiredAt: signingKeys.retiredAt,
			verifyUntil: signingKeys.verifyUntil,
		})
		.from(signingKeys)
		.orderBy(asc(signingKeys.createdAt))
	for (const r of rows) {
		const state = r.retiredAt
			? `retired ${r.retiredAt.toISOString()}, verifies until ${r.verifyUntil?.toISOString() ?? '—'}`
			: 'signs'
		console.log(`${r.kid}  created ${r.createdAt.toISOString()}  ${state}`)
	}
} catch (error) {
	console.error((error as Error).message)
	process.exitCode = 1
} finally {
	await database.close()
}
