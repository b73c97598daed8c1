/**
 * The composition root: one Node process serving the SCM API, the web app
 * (React Router), static assets and health checks, over one database.
 * See docs/architecture.md.
 */
import http from 'node:http'
import type { ServerBuild } from 'react-router'
import { loadConfig } from './server/config'
import { loadSecrets, type Secrets } from './server/secrets'
import path from 'node:path'
import { createLogger } from './server/http/log'
import { openDatabase, migrate, vacuumReadModels, type DatabaseHandle } from './server/db/client'
import { seedDemo, SEED_FILES } from './server/db/seed/demo'
import { createStorage, writeSeedFiles } from './server/storage'
import { sql } from 'drizzle-orm'
import { createLocalJWKSet } from 'jose'
import { discoveredJwks, publicJwk } from './server/auth/jwks'
import { createIdentityProvider, WEB_CLIENT_ID } from './server/idp/provider'
import { createWaymarkApp } from './server/http/app'
import nodemailer from 'nodemailer'
import { createOutboxSender } from './server/mail/sender'
import { dataDirProblem, listen, writesToDataDir } from './server/startup-checks'

const config = loadConfig()
const log = createLogger(config.LOG_LEVEL)

/** A start that cannot go on: one line saying what to change, exit code 1. */
function fatal(reason: string): never {
	console.error(`Waymark cannot start: ${reason}`)
	process.exit(1)
}

// Before anything is written or migrated: the data folder must take the files it will get, and the port must be ours.
const dataDirFault = writesToDataDir(config) ? dataDirProblem(config.dataDir) : null
if (dataDirFault) fatal(dataDirFault)
let secrets: Secrets
try {
	secrets = loadSecrets(config)
} catch (error) {
	fatal(`the secrets in ${path.join(config.dataDir, 'secrets.json')} could not be read or written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`)
}

// The port is taken now; until the app is ready it answers 503 (and /healthz 200: the process is alive).
let handler: http.RequestListener = (req, res) => {
	const alive = req.url === '/healthz'
	res.writeHead(alive ? 200 : 503, { 'Content-Type': 'application/json', 'Retry-After': '1', 'Cache-Control': 'no-store' })
	res.end(JSON.stringify({ status: alive ? 'ok' : 'starting' }))
}
const server = http.createServer((req, res) => handler(req, res))
server.keepAliveTimeout = 65_000
await listen(server, config.PORT, config.HOST).catch((error: Error) => fatal(error.message))

let database: DatabaseHandle
try {
	database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL })
} catch (error) {
	fatal((error as Error).message)
}
await migrate(database)
if (config.DEMO_SEED && (await seedDemo(database.db))) {
	log.info('seeded the demo data')
	await database.db.execute(sql`ANALYZE`) // fresh planner statistics (PGlite runs no autovacuum)
}
if (database.kind === 'pglite') {
	// PGlite runs no autovacuum: keep the search model's counts index-only (ADR 0021).
	await vacuumReadModels(database)
	setInterval(() => {
		vacuumReadModels(database).catch((error: unknown) => log.warn('vacuum of the read models failed', { error: String(error) }))
	}, 10 * 60_000).unref()
}
// Document and photo bytes: ${DATA_DIR}/uploads, or S3-compatible storage when configured.
const storage = createStorage(config)
if (config.DEMO_SEED) await writeSeedFiles(storage, SEED_FILES)

// Sign-in: an external OpenID provider when configured, else the embedded one at /oidc.
const identity = config.OIDC_ISSUER
	? undefined
	: createIdentityProvider({
			db: database.db,
			issuer: `${config.publicUrl}/oidc`,
			appUrl: config.publicUrl,
			clientSecret: secrets.oidcClientSecret,
			signingKey: secrets.oidcSigningKey,
			cookieSecret: secrets.sessionSecret,
			trustProxy: config.TRUST_PROXY,
			accessTokenTtl: config.ACCESS_TOKEN_TTL,
		})
const issuer = (config.OIDC_ISSUER ?? `${config.publicUrl}/oidc`).replace(/\/$/, '')
const auth = {
	issuer,
	audience: config.OIDC_AUDIENCE ?? config.OIDC_CLIENT_ID ?? WEB_CLIENT_ID,
	// The embedded provider's key is ours: verify locally; an external issuer's through discovery.
	keys: identity ? createLocalJWKSet({ keys: [publicJwk(secrets.oidcSigningKey)] }) : discoveredJwks(issuer),
}

let build: ServerBuild | (() => Promise<ServerBuild>)
let devMiddleware
if (config.NODE_ENV === 'development') {
	const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true }, appType: 'custom' }))
	devMiddleware = vite.middlewares
	build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
} else {
	// @ts-expect-error: the build is produced by `react-router build` and has no types
	build = (await import('./build/server/index.js')) as ServerBuild
}

// E-mail: rows wait in the outbox; with SMTP_URL a sender sends them (no timer without it).
const outboxSender = config.SMTP_URL
	? createOutboxSender({
			db: database.db,
			transport: nodemailer.createTransport(config.SMTP_URL),
			from: config.mailFrom,
			intervalMs: config.OUTBOX_POLL_SECONDS * 1000,
			log,
		})
	: null
outboxSender?.start()

handler = createWaymarkApp({ config, secrets, database, storage, log, auth, identity, build, devMiddleware })
{
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : config.PORT
	log.info('listening', { url: `http://localhost:${port}`, database: database.kind, dataDir: config.dataDir })
	// Always printed, whatever LOG_LEVEL: people and test harnesses wait for this line.
	console.log(`\n  Waymark is ready at http://localhost:${port}`)
	if (config.DEMO_SEED) console.log('  Demo sign-in: olivia@acme.test / demo-password-1\n')
}

let stopping = false
async function shutdown(signal: string) {
	if (stopping) return
	stopping = true
	log.info('shutting down', { signal })
	const force = setTimeout(() => {
		log.warn('forced exit after 10 s')
		process.exit(1)
	}, 10_000)
	force.unref()
	// Stop accepting connections; in-flight requests finish, idle keep-alives close.
	await new Promise<void>((resolve) => {
		server.close(() => resolve())
		server.closeIdleConnections()
	})
	await outboxSender?.stop()
	await database.close()
	log.info('stopped')
	process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
