import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose'
import { and, eq, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { openDatabase, migrate, type DatabaseHandle } from '../../server/db/client'
import { seedDemo, SEED_FILES } from '../../server/db/seed/demo'
import { createLocalStorage, writeSeedFiles, type FileStorage } from '../../server/storage'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { organizations, shipSets, users } from '../../server/db/schema'
import { batchMaxFor } from '../../server/ingest/ingest.contract'
import { createApi } from '../../server/api/app'
import type { PowerBi } from '../../server/analytics/power-bi'
import type { ApiDeps } from '../../server/api/context'

export const ISSUER = 'https://issuer.test/oidc'
export const AUDIENCE = 'waymark-web'
export const WEB_API_KEY = 'test-web-api-key-0123456789'
export const GUEST_LINK_SECRET = 'test-guest-link-secret-0123456789abcdef'
export const PUBLIC_URL = 'https://waymark.test'

/**
 * A fresh database with the migrations and the demo data, and the SCM API on
 * top of it, verifying tokens signed by a key pair this harness makes. With
 * DATABASE_URL set, each harness gets its own throwaway PostgreSQL database;
 * otherwise an in-memory PGlite.
 */
export async function createHarness(
	opts: {
		wrapStorage?: (storage: FileStorage) => FileStorage
		powerBi?: PowerBi
		/** The API's secrets instead of WEB_API_KEY and GUEST_LINK_SECRET, e.g. mid-rotation (tests/api/secret-rotation.test.ts). */
		secrets?: Pick<
			ApiDeps,
			'webApiKey' | 'previousWebApiKeys' | 'guestLinkSecret' | 'previousGuestLinkSecrets'
		>
	} = {},
) {
	const { privateKey, publicKey } = await generateKeyPair('RS256')
	const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
	const keys = createLocalJWKSet({ keys: [jwk] })

	const { database, dropDatabase } = await openTestDatabase()
	await migrate(database)
	await seedDemo(database.db)

	// Files in a throwaway folder, with the demo rows' files written as at start-up.
	const uploadsDir = await mkdtemp(path.join(tmpdir(), 'waymark-uploads-'))
	const local = createLocalStorage(uploadsDir)
	await writeSeedFiles(local, SEED_FILES)
	// A test may wrap the backend to make it fail where it wants.
	const storage = opts.wrapStorage ? opts.wrapStorage(local) : local

	const deps: ApiDeps = {
		db: database.db,
		auth: { issuer: ISSUER, audience: AUDIENCE, keys },
		webApiKey: WEB_API_KEY,
		guestLinkSecret: GUEST_LINK_SECRET,
		storage,
		publicUrl: PUBLIC_URL,
		webhookAllowNetworks: ['loopback'],
		powerBi: opts.powerBi ?? null,
		ingestBatchMax: batchMaxFor(database.kind),
		...opts.secrets,
	}
	const api = createApi(deps)

	async function userId(email: string) {
		const [u] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
		if (!u) throw new Error(`no user ${email}`)
		return u.id
	}

	/** The id of an order, by supply chain and order number. */
	async function orderId(slug: string, name: string) {
		const [row] = await database.db
			.select({ id: shipSets.id })
			.from(shipSets)
			.innerJoin(organizations, eq(organizations.id, shipSets.organizationId))
			.where(and(eq(organizations.slug, slug), eq(shipSets.name, name)))
		if (!row) throw new Error(`no order ${slug}/${name}`)
		return row.id
	}

	/** A token as the identity provider would issue it; options forge the bad ones. */
	async function tokenFor(
		email: string,
		opts: {
			issuer?: string
			audience?: string
			expiresIn?: string | number
			key?: CryptoKey
			claims?: Record<string, unknown>
		} = {},
	) {
		return new SignJWT({ email, ...opts.claims })
			.setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
			.setSubject(await userId(email))
			.setIssuer(opts.issuer ?? ISSUER)
			.setAudience(opts.audience ?? AUDIENCE)
			.setIssuedAt()
			.setExpirationTime(opts.expiresIn ?? '10m')
			.sign(opts.key ?? privateKey)
	}

	/** Calls the API in memory, as the web app's client does. */
	async function call(
		path: string,
		init: {
			token?: string
			supplyChain?: string
			headers?: Record<string, string>
			method?: string
			body?: unknown
		} = {},
	) {
		const headers = new Headers(init.headers)
		if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
		if (init.supplyChain) headers.set('X-Supply-Chain', init.supplyChain)
		// A FormData body goes as multipart (the Request sets the boundary); anything else as JSON.
		const multipart = init.body instanceof FormData
		if (init.body !== undefined && !multipart) headers.set('Content-Type', 'application/json')
		const res = await api.fetch(
			new Request(new URL(path, 'http://scm.internal'), {
				method: init.method ?? 'GET',
				headers,
				body:
					init.body === undefined
						? undefined
						: multipart
							? (init.body as FormData)
							: JSON.stringify(init.body),
			}),
		)
		const text = await res.text()
		return {
			status: res.status,
			headers: res.headers,
			body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
		}
	}

	/** Every operation of the OpenAPI document (the API's own list), with its method upper-cased. */
	async function operations(): Promise<ApiOperation[]> {
		const doc = (await call('/api/docs/openapi.json')).body as {
			paths: Record<string, Record<string, OpenApiOperation>>
		}
		return Object.entries(doc.paths).flatMap(([path, ops]) =>
			Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
		)
	}

	/** How many rows each table holds: equal before and after, a refused request wrote nothing. */
	async function rowCounts(): Promise<Record<string, number>> {
		const { rows } = await database.db.execute<{ table_name: string }>(
			sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
		)
		const counts: Record<string, number> = {}
		for (const { table_name } of rows) {
			const {
				rows: [row],
			} = await database.db.execute<{ n: number }>(
				sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
			)
			counts[table_name] = Number(row!.n)
		}
		return counts
	}

	return {
		api,
		/** What the API was made with: `createApi({ ...h.deps })` is a second server on the same database. */
		deps,
		operations,
		rowCounts,
		db: database.db,
		/** The database handle: its kind, and PostgreSQL's pool (shared rate limits). */
		database,
		storage,
		uploadsDir,
		call,
		tokenFor,
		userId,
		orderId,
		async close() {
			await database.close()
			await dropDatabase()
			await rm(uploadsDir, { recursive: true, force: true })
		},
	}
}
export type Harness = Awaited<ReturnType<typeof createHarness>>

/** The part of an OpenAPI operation the tests read. */
export interface OpenApiOperation {
	security?: Record<string, unknown>[]
	parameters?: {
		name: string
		in: 'path' | 'query' | 'header' | 'cookie'
		required?: boolean
		schema?: { type?: string; items?: { type?: string } }
	}[]
	requestBody?: { content: Record<string, unknown> }
}

export interface ApiOperation {
	method: string
	path: string
	op: OpenApiOperation
}

/** Whether the operation takes a user's bearer token (the signed-in API). */
export const takesBearer = ({ op }: ApiOperation) => !!op.security?.some((s) => 'bearer' in s)

/**
 * An empty database of its own: with DATABASE_URL set, a throwaway PostgreSQL database (dropped by
 * `dropDatabase`, after `database.close()`); otherwise an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<{
	database: DatabaseHandle
	dropDatabase: () => Promise<void>
}> {
	let database: DatabaseHandle
	let dropDatabase = async () => {}
	const baseUrl = process.env.DATABASE_URL
	if (baseUrl) {
		const name = `waymark_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`
		const admin = new pg.Client({ connectionString: baseUrl })
		await admin.connect()
		await admin.query(`CREATE DATABASE ${name}`)
		await admin.end()
		const url = new URL(baseUrl)
		url.pathname = `/${name}`
		database = await openDatabase({ databaseUrl: url.toString() })
		dropDatabase = async () => {
			const c = new pg.Client({ connectionString: baseUrl })
			await c.connect()
			try {
				// FORCE cannot end an autovacuum worker (a superuser's process) when the test
				// role is not a superuser; such a worker finishes in moments, so try again.
				for (let attempt = 1; ; attempt++) {
					try {
						await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
						break
					} catch (error) {
						if (attempt >= 20 || !String(error).includes('pg_signal_backend')) throw error
						await new Promise((resolve) => setTimeout(resolve, 250))
					}
				}
			} finally {
				await c.end()
			}
		}
	} else {
		database = await openDatabase({ memory: true })
	}
	return { database, dropDatabase }
}
