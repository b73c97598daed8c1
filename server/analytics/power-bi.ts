import { z } from 'zod'

/**
 * Power BI "embed for your customers" (app owns data) with a service principal: the API asks
 * Microsoft Entra ID for an app token (client credentials), reads the report's embedUrl and
 * generates a view-only embed token for it (Power BI REST: Reports - Get Report In Group,
 * Reports - Generate Token In Group). Configured by the POWERBI_* variables (README, .env.example);
 * unconfigured, generate_embed_token answers 404 and the page shows the built-in report.
 */
export interface PowerBiConfig {
	tenantId: string
	clientId: string
	clientSecret: string
	workspaceId: string
	reportId: string
	/** Entra ID's base, https://login.microsoftonline.com (tests: msw answers it). */
	authorityUrl: string
	/** The REST API's base, https://api.powerbi.com. */
	apiUrl: string
}

export interface EmbedTokenAnswer {
	reportId: string
	embedUrl: string
	embedToken: string
	expiration: string
}

export class PowerBiError extends Error {}

const AppToken = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number() })
const Report = z.object({ id: z.string(), embedUrl: z.string().url() })
const GeneratedToken = z.object({ token: z.string().min(1), expiration: z.string() })

/** The scope of the Power BI REST API for a service principal. */
export const POWER_BI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default'

export function createPowerBi(config: PowerBiConfig, fetchImpl: typeof fetch = fetch) {
	let appToken: { value: string; until: number } | null = null

	async function json<T>(what: string, response: Response, schema: z.ZodType<T>): Promise<T> {
		if (!response.ok) throw new PowerBiError(`Power BI ${what} failed: HTTP ${response.status}`)
		const parsed = schema.safeParse(await response.json().catch(() => null))
		if (!parsed.success) throw new PowerBiError(`Power BI ${what} answered an unexpected body`)
		return parsed.data
	}

	async function accessToken(): Promise<string> {
		// Reused until a minute before it ends (Entra ID app tokens live about an hour).
		if (appToken && appToken.until > Date.now() + 60_000) return appToken.value
		const response = await fetchImpl(
			`${config.authorityUrl}/${encodeURIComponent(config.tenantId)}/oauth2/v2.0/token`,
			{
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({
					grant_type: 'client_credentials',
					client_id: config.clientId,
					client_secret: config.clientSecret,
					scope: POWER_BI_SCOPE,
				}),
			},
		)
		const token = await json('sign-in', response, AppToken)
		appToken = { value: token.access_token, until: Date.now() + token.expires_in * 1000 }
		return token.access_token
	}

	return {
		async generateEmbedToken(): Promise<EmbedTokenAnswer> {
			const bearer = { authorization: `Bearer ${await accessToken()}` }
			const base = `${config.apiUrl}/v1.0/myorg/groups/${encodeURIComponent(config.workspaceId)}/reports/${encodeURIComponent(config.reportId)}`
			const report = await json('report', await fetchImpl(base, { headers: bearer }), Report)
			const generated = await json(
				'token',
				await fetchImpl(`${base}/GenerateToken`, {
					method: 'POST',
					headers: { ...bearer, 'content-type': 'application/json' },
					body: JSON.stringify({ accessLevel: 'View' }),
				}),
				GeneratedToken,
			)
			return {
				reportId: report.id,
				embedUrl: report.embedUrl,
				embedToken: generated.token,
				expiration: new Date(generated.expiration).toISOString(),
			}
		},
	}
}
export type PowerBi = ReturnType<typeof createPowerBi>
