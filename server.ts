/**
 * The composition root: one Node process serving the SCM API, the web app
 * (React Router), static assets and health checks, over one database.
 * See docs/architecture.md.
 */
import http from 'node:http'
import type { ServerBuild } from 'react-router'
import { loadConfig, type Config } from './server/config'
import { loadSecrets, loadSharedSecrets, type Secrets } from './server/secrets'
import path from 'node:path'
import { createLogger, setRootLogger } from './server/log'
import {
	openDatabase,
	migrate,
	vacuumReadModels,
	withStartupLock,
	type DatabaseHandle,
} from './server/db/client'
import { seedDemo, SEED_FILES } from './server/db/seed/demo'
import { createStorage, writeSeedFiles } from './server/storage'
import { sql } from 'drizzle-orm'
import { discoveredJwks } from './server/auth/jwks'
import { createIdentityProvider, WEB_CLIENT_ID } from './server/idp/provider'
import { createWaymarkApp } from './server/http/app'
import { createOutboxSender, createSmtpTransport } from './server/mail/sender'
import { dataDirProblem, listen, storageProblem, writesToDataDir } from './server/startup-checks'
import { loadSigningKeys, signingKeysVerifier } from './server/signing-keys'
import { browserOrigins } from './server/http/origins'
import { limitsFor } from './server/rate-limit'
import { addressPolicy } from './server/news-out/address-guard'
import { unsubscribeKey } from './server/news-out/unsubscribe'
import { createNewsWorker } from './server/news-out/worker'

const config = configOrExit()
const log = createLogger(config.LOG_LEVEL)
setRootLogger(log)

/** A start that cannot go on: one line saying what to change, exit code 1. */
function fatal(reason: string): never {
	console.error(`Waymark cannot start: ${reason}`)
	process.exit(1)
}

/** The configuration, or one line naming each bad variable (e.g. OIDC_SIGNING_KEYS that are not a JWKS) and exit 1. */
function configOrExit(): Config {
	try {
		return loadConfig()
	} catch (error) {
		const [first, ...issues] = (error as Error).message.split('\n').map((line) => line.trim())
		fatal(issues.length ? `${first} ${issues.join('; ')}` : (first ?? 'invalid configuration'))
	}
}

// Before anything is written or migrated: the data folder must take the files it will get, and the port must be ours.
const dataDirFault = writesToDataDir(config) ? dataDirProblem(config.dataDir) : null
if (dataDirFault) fatal(dataDirFault)
const storageFault = storageProblem(config)
if (storageFault && 'refuse' in storageFault) fatal(storageFault.refuse)
if (storageFault) log.warn(storageFault.warn)
// PGlite (one process): secrets from the environment or DATA_DIR/secrets.json. PostgreSQL: from the environment or the database, below.
let secrets: Secrets | undefined
if (!config.DATABASE_URL) {
	try {
		secrets = loadSecrets(config)
	} catch (error) {
		fatal(
			`the secrets in ${path.join(config.dataDir, 'secrets.json')} could not be read or written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
		)
	}
}

// The port is taken now; until the app is ready it answers 503 (and /healthz 200: the process is alive).
let handler: http.RequestListener = (req, res) => {
	const alive = req.url === '/healthz'
	res.writeHead(alive ? 200 : 503, {
		'Content-Type': 'application/json',
		'Retry-After': '1',
		'Cache-Control': 'no-store',
	})
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
// Processes starting together on one PostgreSQL take turns (an advisory lock): one applies the migrations, makes the
// first secrets and signing key and seeds; the others find it done.
const applied = await migrate(database)
log.info({ applied }, 'migrations')
await withStartupLock(database, async () => {
	if (!secrets)
		secrets = await loadSharedSecrets(
			config,
			database.db,
			await loadSigningKeys(config, database.db),
		)
	if (config.DEMO_SEED && (await seedDemo(database.db))) {
		log.info('seeded the demo data')
		await database.db.execute(sql`ANALYZE`) // fresh planner statistics (PGlite runs no autovacuum)
	}
})
if (!secrets) fatal('no secrets were loaded')
const loadedSecrets: Secrets = secrets
if (database.kind === 'pglite') {
	// PGlite runs no autovacuum: keep the search model's counts index-only (ADR 0021).
	await vacuumReadModels(database)
	setInterval(() => {
		vacuumReadModels(database).catch((error: unknown) =>
			log.warn({ err: error }, 'vacuum of the read models failed'),
		)
	}, 10 * 60_000).unref()
}
// Document and photo bytes: ${DATA_DIR}/uploads, or S3-compatible storage when configured.
const storage = createStorage(config)
if (config.DEMO_SEED) await writeSeedFiles(storage, SEED_FILES)

// Sign-in: an external OpenID provider when configured, else the embedded one at /oidc.
const origins = browserOrigins(config)
const identity = config.OIDC_ISSUER
	? undefined
	: createIdentityProvider({
			db: database.db,
			issuer: `${config.publicUrl}/oidc`,
			appUrls: origins,
			clientSecret: loadedSecrets.oidcClientSecret,
			previousClientSecrets: loadedSecrets.previousOidcClientSecrets,
			signingKeys: loadedSecrets.oidcSigningKeys,
			cookieSecret: loadedSecrets.sessionSecret,
			trustProxy: config.TRUST_PROXY !== false,
			accessTokenTtl: config.ACCESS_TOKEN_TTL,
		})
const issuer = (config.OIDC_ISSUER ?? `${config.publicUrl}/oidc`).replace(/\/$/, '')
const auth = {
	issuer,
	audience: config.OIDC_AUDIENCE ?? config.OIDC_CLIENT_ID ?? WEB_CLIENT_ID,
	// The embedded provider's keys are ours: verify locally (on PostgreSQL without OIDC_SIGNING_KEYS from the table, read
	// again for a key another process rotated in); an external issuer's through discovery.
	keys: !identity
		? discoveredJwks(issuer)
		: signingKeysVerifier(
				loadedSecrets.oidcSigningKeys,
				database.kind === 'postgres' && !config.OIDC_SIGNING_KEYS ? database.db : null,
			),
}

let build: ServerBuild | (() => Promise<ServerBuild>)
let devMiddleware
if (config.NODE_ENV === 'development') {
	const vite = await import('vite').then((v) =>
		v.createServer({ server: { middlewareMode: true }, appType: 'custom' }),
	)
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
			transport: createSmtpTransport(config.SMTP_URL),
			from: config.mailFrom,
			intervalMs: config.OUTBOX_POLL_SECONDS * 1000,
			log,
		})
	: null
outboxSender?.start()

// News out: domain events → webhook deliveries and notification e-mails (every process runs it; rows are claimed).
let policy
try {
	policy = addressPolicy(config.webhookAllowNetworks)
} catch (error) {
	fatal((error as Error).message)
}
const newsWorker = createNewsWorker({
	db: database.db,
	policy,
	publicUrl: config.publicUrl,
	unsubscribeKey: unsubscribeKey(loadedSecrets.guestLinkSecret),
	intervalMs: config.NEWS_POLL_MS,
	log,
})
newsWorker.start()

// Rate limits and the captcha's replay guard: in PostgreSQL's rate_limits (shared by every process), in memory with PGlite.
const limits = limitsFor(database)
handler = createWaymarkApp({
	config,
	secrets: loadedSecrets,
	database,
	storage,
	log,
	auth,
	identity,
	build,
	devMiddleware,
	limits,
	origins,
})
{
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : config.PORT
	log.info(
		{
			url: `http://localhost:${port}`,
			database: database.kind,
			dataDir: config.dataDir,
			limits: limits.kind,
		},
		'listening',
	)
	// Always printed, whatever LOG_LEVEL: people and test harnesses wait for this line.
	console.log(`\n  Waymark is ready at http://localhost:${port}`)
	if (config.DEMO_SEED) console.log('  Demo sign-in: olivia@acme.test / demo-password-1\n')
}

let stopping = false
async function shutdown(signal: string) {
	if (stopping) return
	stopping = true
	log.info({ signal }, 'shutting down')
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
	await newsWorker.stop()
	await outboxSender?.stop()
	await database.close()
	log.info('stopped')
	process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
