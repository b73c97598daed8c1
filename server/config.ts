import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import type { PowerBiConfig } from './analytics/power-bi'
import { parseSigningKeys } from './auth/jwks'

/**
 * The one place that reads process.env. Parsed once at boot so that bad
 * configuration fails fast with a message naming the variable.
 */
const bool = z
	.enum(['on', 'off', 'true', 'false', '1', '0'])
	.transform((v) => v === 'on' || v === 'true' || v === '1')

/** The Fetch standard's "bad ports" (https://fetch.spec.whatwg.org/#port-blocking). */
const BAD_PORTS = new Set([
	1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
	103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
	512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
	995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
	6669, 6679, 6697, 10080,
])

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal']

/**
 * What is wrong with one entry of TRUST_PROXY, or null: an IPv4 or IPv6 address, optionally a CIDR
 * range, or one of Express's names (loopback, linklocal, uniquelocal). A /0 range is every
 * address: a client could choose its own.
 */
function proxyEntryProblem(entry: string): string | null {
	if (PROXY_NAMES.includes(entry)) return null
	const [address = '', prefix, ...rest] = entry.split('/')
	const version = isIP(address)
	const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1
	if (!version || rest.length || (bits !== null && (bits < 0 || bits > (version === 4 ? 32 : 128))))
		return `"${entry}" is none of these`
	if (bits === 0) return `"${entry}" would trust every address`
	return null
}

/** Express's 'trust proxy' setting: false, a hop count or the proxies' addresses (never true). */
export type TrustProxy = false | number | string[]

/**
 * X_PREVIOUS: the values of X being rotated out, comma-separated; still accepted, never used to
 * sign or sent (server/rotating-secrets.ts).
 */
function previousValues(what: string, minLength: number) {
	return z
		.string()
		.optional()
		.transform((v) =>
			v
				? v
						.split(',')
						.map((s) => s.trim())
						.filter(Boolean)
				: [],
		)
		.refine(
			(list) => list.every((s) => s.length >= minLength),
			`each previous ${what} must have at least ${minLength} characters`,
		)
}

const EnvSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
		PORT: z.coerce.number().int().min(0).max(65535).default(3000),
		HOST: z.string().default('0.0.0.0'),
		DATA_DIR: z.string().default('./data'),
		DATABASE_URL: z.string().url().optional(),
		/** Seed the demo data into an empty database; default on with PGlite, off with DATABASE_URL. */
		DEMO_SEED: bool.optional(),
		PUBLIC_URL: z.string().url().optional(),
		SCM_API_URL: z.string().url().optional(),
		OIDC_ISSUER: z.string().url().optional(),
		OIDC_CLIENT_ID: z.string().min(1).optional(),
		OIDC_CLIENT_SECRET: z.string().min(1).optional(),
		/** The audience the API expects in access tokens; defaults to the client id. */
		OIDC_AUDIENCE: z.string().min(1).optional(),
		/** Seconds an access token of the embedded provider lives. */
		ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(86_400).default(3600),
		SESSION_SECRET: z.string().min(32).optional(),
		/**
		 * Session secrets being rotated out, comma-separated: cookies sealed or signed with them are
		 * still read (and re-sealed with SESSION_SECRET when next written), so a rotation signs nobody out.
		 */
		SESSION_SECRET_PREVIOUS: previousValues('session secret', 32),
		WEB_API_KEY: z.string().min(16).optional(),
		/** Web API keys being rotated out: a call sending one is still accepted (server/rotating-secrets.ts). */
		WEB_API_KEY_PREVIOUS: previousValues('web API key', 16),
		GUEST_LINK_SECRET: z.string().min(32).optional(),
		/** Guest-link secrets being rotated out: links (and unsubscribe links) signed with one still open. */
		GUEST_LINK_SECRET_PREVIOUS: previousValues('guest-link secret', 32),
		/** The embedded provider's previous client secrets: still accepted at its token endpoint. */
		OIDC_CLIENT_SECRET_PREVIOUS: previousValues('OIDC client secret', 16),
		/**
		 * The embedded provider's signing keys from the environment instead of the database or
		 * secrets.json: a JWKS of RSA private keys, the first signs, the others only verify
		 * (server/signing-keys.ts parseSigningKeys).
		 */
		OIDC_SIGNING_KEYS: z
			.string()
			.optional()
			.transform((v, ctx) => {
				if (!v?.trim()) return undefined
				try {
					return parseSigningKeys(v)
				} catch (error) {
					ctx.addIssue({ code: 'custom', message: (error as Error).message })
					return z.NEVER
				}
			}),
		ALLOWED_ORIGINS: z
			.string()
			.optional()
			.transform((v) =>
				v
					? v
							.split(',')
							.map((s) => s.trim())
							.filter(Boolean)
					: [],
			),
		/**
		 * Which X-Forwarded-For entries to believe: off (default: none, the connection's address), a
		 * hop count (1: the one proxy in front of us) or a comma-separated list of the proxies'
		 * addresses or CIDR ranges. Never "every proxy": a client could then choose its own address.
		 */
		TRUST_PROXY: z
			.string()
			.default('off')
			.transform((v, ctx): TrustProxy => {
				const value = v.trim()
				if (['off', 'false', '0', ''].includes(value)) return false
				if (/^\d+$/.test(value)) return Number(value)
				const list = value
					.split(',')
					.map((s) => s.trim())
					.filter(Boolean)
				const problem = ['on', 'true'].includes(value)
					? null
					: list.map(proxyEntryProblem).find((p) => p !== null)
				if (['on', 'true'].includes(value) || problem) {
					ctx.addIssue({
						code: 'custom',
						message: `TRUST_PROXY must be off, the number of proxies in front of Waymark (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.1.0/24)${problem ? `; ${problem}` : ''}`,
					})
					return z.NEVER
				}
				return list
			}),
		/**
		 * How many Waymark processes share this DATABASE_URL. Above 1 they must share file
		 * storage too: a start with local uploads (no S3_BUCKET) refuses, unless SHARED_UPLOADS=on says
		 * the uploads folder is one shared volume.
		 */
		WAYMARK_PROCESSES: z.coerce.number().int().min(1).max(1000).default(1),
		/** The uploads folder (DATA_DIR/uploads) is one volume every process mounts (NFS, a shared disk). */
		SHARED_UPLOADS: bool.default(false),
		/** reCAPTCHA v3 for the public tracker instead of ALTCHA (both keys together). */
		RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
		RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
		RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
		/** Files in S3-compatible storage instead of `${DATA_DIR}/uploads` (bucket and both keys together). */
		S3_BUCKET: z.string().min(1).optional(),
		S3_REGION: z.string().min(1).default('us-east-1'),
		/** The store's address (MinIO, R2, Ceph…); AWS's regional endpoint when absent. */
		S3_ENDPOINT: z.string().url().optional(),
		S3_ACCESS_KEY_ID: z.string().min(1).optional(),
		S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
		/** endpoint/bucket/key URLs (MinIO and most self-hosted stores) instead of bucket.endpoint/key. */
		S3_FORCE_PATH_STYLE: bool.default(false),
		/** Google Maps JavaScript API key for the timeline's Location map; unset: the keyless map, no outside request. */
		GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
		/**
		 * Map tiles for the keyless map (MapLibre GL): a raster tile template with {z}, {x} and {y}
		 * (a self-hosted or OpenStreetMap-compatible server), or a MapLibre style document for vector
		 * tiles. Unset: the offline world outline, no outside request.
		 */
		MAP_TILE_URL: z
			.string()
			.url()
			.refine(
				(u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)),
				'MAP_TILE_URL must contain {z}, {x} and {y}',
			)
			.optional(),
		MAP_STYLE_URL: z.string().url().optional(),
		/** Shown on the map with MAP_TILE_URL (e.g. '© OpenStreetMap contributors'). */
		MAP_TILE_ATTRIBUTION: z.string().min(1).optional(),
		/** SMTP for the outbox sender (nodemailer URL form, smtp:// or smtps://); unset: e-mails stay in the outbox. */
		SMTP_URL: z
			.string()
			.regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
			.optional(),
		/** The From header of every e-mail; defaults to no-reply at PUBLIC_URL's host. */
		MAIL_FROM: z.string().min(3).optional(),
		/** Seconds between outbox polls while it is drained. */
		OUTBOX_POLL_SECONDS: z.coerce.number().min(1).max(3600).default(10),
		/**
		 * Networks webhooks may be delivered to although they are loopback, private or link-local
		 * (comma-separated: loopback, private, link-local or CIDRs). Unset: `loopback` with the demo
		 * data (DEMO_SEED on), none otherwise.
		 */
		WEBHOOK_ALLOW_NETWORKS: z.string().optional(),
		/** Milliseconds between the news-out worker's ticks while idle (domain events → webhooks and e-mails). */
		NEWS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
		/** The IoT tracker application's base address, for 'View in IoT Tracker' and its groups page (002 §2 Routes); unset: no such links. */
		IOT_TRACKER_URL: z.string().url().optional(),
		/**
		 * Power BI for the analytics page: a service principal's tenant, client id and secret,
		 * and the workspace and report to embed, all five together; unset: the built-in freight-cost report.
		 */
		POWERBI_TENANT_ID: z.string().min(1).optional(),
		POWERBI_CLIENT_ID: z.string().min(1).optional(),
		POWERBI_CLIENT_SECRET: z.string().min(1).optional(),
		POWERBI_WORKSPACE_ID: z.string().uuid().optional(),
		POWERBI_REPORT_ID: z.string().uuid().optional(),
		/** Entra ID's and Power BI's bases (sovereign clouds); the embed frame's origin, opened in the CSP. */
		POWERBI_AUTHORITY_URL: z.string().url().default('https://login.microsoftonline.com'),
		POWERBI_API_URL: z.string().url().default('https://api.powerbi.com'),
		POWERBI_EMBED_ORIGIN: z.string().url().default('https://app.powerbi.com'),
		LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
	})
	.superRefine((env, ctx) => {
		// An external provider takes all three; OIDC_CLIENT_SECRET alone is the embedded provider's client secret.
		const external = !!env.OIDC_ISSUER || !!env.OIDC_CLIENT_ID
		const externalComplete = !!env.OIDC_ISSUER && !!env.OIDC_CLIENT_ID && !!env.OIDC_CLIENT_SECRET
		if (!!env.RECAPTCHA_SITE_KEY !== !!env.RECAPTCHA_SECRET_KEY) {
			ctx.addIssue({
				code: 'custom',
				path: ['RECAPTCHA_SITE_KEY'],
				message: 'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY must be set together',
			})
		}
		const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].filter(
			Boolean,
		).length
		if (s3 !== 0 && s3 !== 3) {
			ctx.addIssue({
				code: 'custom',
				path: ['S3_BUCKET'],
				message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
			})
		}
		const powerBi = [
			env.POWERBI_TENANT_ID,
			env.POWERBI_CLIENT_ID,
			env.POWERBI_CLIENT_SECRET,
			env.POWERBI_WORKSPACE_ID,
			env.POWERBI_REPORT_ID,
		]
		const pbSet = powerBi.filter(Boolean).length
		if (pbSet !== 0 && pbSet !== powerBi.length) {
			ctx.addIssue({
				code: 'custom',
				path: ['POWERBI_TENANT_ID'],
				message:
					'POWERBI_TENANT_ID, POWERBI_CLIENT_ID, POWERBI_CLIENT_SECRET, POWERBI_WORKSPACE_ID and POWERBI_REPORT_ID must be set together',
			})
		}
		if (external && !externalComplete) {
			ctx.addIssue({
				code: 'custom',
				path: ['OIDC_ISSUER'],
				message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
			})
		}
		if (env.OIDC_ISSUER && env.OIDC_SIGNING_KEYS) {
			ctx.addIssue({
				code: 'custom',
				path: ['OIDC_SIGNING_KEYS'],
				message:
					"OIDC_SIGNING_KEYS are the embedded provider's keys; with OIDC_ISSUER the external provider signs (unset one of them)",
			})
		}
	})

export type Config = Omit<z.infer<typeof EnvSchema>, 'DEMO_SEED'> & {
	/** On by default with PGlite; off by default with DATABASE_URL (a production database must not get users with a published password). */
	DEMO_SEED: boolean
	dataDir: string
	publicUrl: string
	/** True when PUBLIC_URL is set: else the public origin follows the address the browser typed (localhost, 127.0.0.1, the machine's name). */
	publicUrlSet: boolean
	mailFrom: string
	webhookAllowNetworks: string[]
	powerBi: PowerBiConfig | null
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
	const parsed = EnvSchema.safeParse(env)
	if (!parsed.success) {
		const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
		throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
	}
	const c = parsed.data
	const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '')
	// Browsers, and the server's own sign-in call to its provider (fetch), refuse these ports.
	const port = Number(new URL(publicUrl).port)
	if (BAD_PORTS.has(port)) {
		const name = c.PUBLIC_URL ? 'PUBLIC_URL' : 'PORT'
		throw new Error(
			`Invalid configuration:\n  ${name}: port ${port} is one that browsers and fetch refuse to connect to (the Fetch standard's "bad ports"); choose another, e.g. 3000`,
		)
	}
	return {
		...c,
		DEMO_SEED: c.DEMO_SEED ?? !c.DATABASE_URL,
		dataDir: path.resolve(c.DATA_DIR),
		publicUrl,
		publicUrlSet: !!c.PUBLIC_URL,
		mailFrom: c.MAIL_FROM ?? `Waymark <no-reply@${new URL(publicUrl).hostname}>`,
		webhookAllowNetworks: (
			c.WEBHOOK_ALLOW_NETWORKS ?? ((c.DEMO_SEED ?? !c.DATABASE_URL) ? 'loopback' : '')
		)
			.split(',')
			.map((s) => s.trim())
			.filter(Boolean),
		powerBi:
			c.POWERBI_TENANT_ID &&
			c.POWERBI_CLIENT_ID &&
			c.POWERBI_CLIENT_SECRET &&
			c.POWERBI_WORKSPACE_ID &&
			c.POWERBI_REPORT_ID
				? {
						tenantId: c.POWERBI_TENANT_ID,
						clientId: c.POWERBI_CLIENT_ID,
						clientSecret: c.POWERBI_CLIENT_SECRET,
						workspaceId: c.POWERBI_WORKSPACE_ID,
						reportId: c.POWERBI_REPORT_ID,
						authorityUrl: c.POWERBI_AUTHORITY_URL.replace(/\/+$/, ''),
						apiUrl: c.POWERBI_API_URL.replace(/\/+$/, ''),
					}
				: null,
	}
}
