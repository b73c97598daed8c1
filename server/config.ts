import path from 'node:path'
import { z } from 'zod'
import type { PowerBiConfig } from './analytics/power-bi'

/**
 * The one place that reads process.env. Parsed once at boot so that bad
 * configuration fails fast with a message naming the variable.
 */
const bool = z
	.enum(['on', 'off', 'true', 'false', '1', '0'])
	.transform((v) => v === 'on' || v === 'true' || v === '1')

const EnvSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
		PORT: z.coerce.number().int().min(0).max(65535).default(3000),
		HOST: z.string().default('0.0.0.0'),
		DATA_DIR: z.string().default('./data'),
		DATABASE_URL: z.string().url().optional(),
		DEMO_SEED: bool.default(true),
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
		WEB_API_KEY: z.string().min(16).optional(),
		GUEST_LINK_SECRET: z.string().min(32).optional(),
		ALLOWED_ORIGINS: z
			.string()
			.optional()
			.transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
		TRUST_PROXY: bool.default(false),
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
		/** SMTP for the outbox sender (nodemailer URL form, smtp:// or smtps://); unset: e-mails stay in the outbox. */
		SMTP_URL: z
			.string()
			.regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
			.optional(),
		/** The From header of every e-mail; defaults to no-reply at PUBLIC_URL's host. */
		MAIL_FROM: z.string().min(3).optional(),
		/** Seconds between outbox polls while it is drained. */
		OUTBOX_POLL_SECONDS: z.coerce.number().min(1).max(3600).default(10),
		/** The IoT tracker application's base address, for 'View in IoT Tracker' and its groups page (002 §2 Routes); unset: no such links. */
		IOT_TRACKER_URL: z.string().url().optional(),
		/**
		 * Power BI for the analytics page (issue 17): a service principal's tenant, client id and secret,
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
		const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET]
		const set = oidc.filter(Boolean).length
		if (!!env.RECAPTCHA_SITE_KEY !== !!env.RECAPTCHA_SECRET_KEY) {
			ctx.addIssue({
				code: 'custom',
				path: ['RECAPTCHA_SITE_KEY'],
				message: 'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY must be set together',
			})
		}
		const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].filter(Boolean).length
		if (s3 !== 0 && s3 !== 3) {
			ctx.addIssue({
				code: 'custom',
				path: ['S3_BUCKET'],
				message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
			})
		}
		const powerBi = [env.POWERBI_TENANT_ID, env.POWERBI_CLIENT_ID, env.POWERBI_CLIENT_SECRET, env.POWERBI_WORKSPACE_ID, env.POWERBI_REPORT_ID]
		const pbSet = powerBi.filter(Boolean).length
		if (pbSet !== 0 && pbSet !== powerBi.length) {
			ctx.addIssue({
				code: 'custom',
				path: ['POWERBI_TENANT_ID'],
				message: 'POWERBI_TENANT_ID, POWERBI_CLIENT_ID, POWERBI_CLIENT_SECRET, POWERBI_WORKSPACE_ID and POWERBI_REPORT_ID must be set together',
			})
		}
		if (set !== 0 && set !== 3) {
			ctx.addIssue({
				code: 'custom',
				path: ['OIDC_ISSUER'],
				message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
			})
		}
	})

export type Config = z.infer<typeof EnvSchema> & { dataDir: string; publicUrl: string; mailFrom: string; powerBi: PowerBiConfig | null }

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
	const parsed = EnvSchema.safeParse(env)
	if (!parsed.success) {
		const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
		throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
	}
	const c = parsed.data
	const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '')
	return {
		...c,
		dataDir: path.resolve(c.DATA_DIR),
		publicUrl,
		mailFrom: c.MAIL_FROM ?? `Waymark <no-reply@${new URL(publicUrl).hostname}>`,
		powerBi:
			c.POWERBI_TENANT_ID && c.POWERBI_CLIENT_ID && c.POWERBI_CLIENT_SECRET && c.POWERBI_WORKSPACE_ID && c.POWERBI_REPORT_ID
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
