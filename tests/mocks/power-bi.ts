import { http, HttpResponse } from 'msw'
import type { PowerBiConfig } from '../../server/analytics/power-bi'

/**
 * Power BI as msw plays it: Entra ID's token endpoint and the REST API's report and
 * GenerateToken calls, at addresses that never leave the machine. `powerBiHandlers(state)` reads
 * `state.scenario` on every request: 'success' (a token valid for an hour), 'expiring' (a token
 * that expires in two minutes), 'failure' (GenerateToken answers 500).
 */
export const POWER_BI_TEST_CONFIG: PowerBiConfig = {
	tenantId: 'tenant-test',
	clientId: 'client-test',
	clientSecret: 'secret-test',
	workspaceId: '11111111-1111-4111-8111-111111111111',
	reportId: '22222222-2222-4222-8222-222222222222',
	authorityUrl: 'https://login.powerbi.test',
	apiUrl: 'https://api.powerbi.test',
}

export type PowerBiScenario = 'success' | 'expiring' | 'failure'

export function powerBiHandlers(
	state: { scenario: PowerBiScenario; issued: number },
	config = POWER_BI_TEST_CONFIG,
) {
	const report = `${config.apiUrl}/v1.0/myorg/groups/${config.workspaceId}/reports/${config.reportId}`
	return [
		http.post(
			`${config.authorityUrl}/${config.tenantId}/oauth2/v2.0/token`,
			async ({ request }) => {
				const form = new URLSearchParams(await request.text())
				if (form.get('client_secret') !== config.clientSecret)
					return HttpResponse.json({ error: 'invalid_client' }, { status: 401 })
				return HttpResponse.json({
					token_type: 'Bearer',
					expires_in: 3599,
					access_token: 'aad-app-token',
				})
			},
		),
		http.get(report, ({ request }) => {
			if (request.headers.get('authorization') !== 'Bearer aad-app-token')
				return new HttpResponse(null, { status: 403 })
			return HttpResponse.json({
				id: config.reportId,
				name: 'Freight Cost',
				embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${config.reportId}&groupId=${config.workspaceId}`,
			})
		}),
		http.post(`${report}/GenerateToken`, async ({ request }) => {
			if (state.scenario === 'failure')
				return HttpResponse.json({ error: { code: 'PowerBIEntityNotFound' } }, { status: 500 })
			const body = (await request.json()) as { accessLevel?: string }
			if (body.accessLevel !== 'View')
				return HttpResponse.json({ error: { code: 'BadRequest' } }, { status: 400 })
			state.issued += 1
			const ttl = state.scenario === 'expiring' ? 2 * 60_000 : 60 * 60_000
			return HttpResponse.json({
				token: `embed-token-${state.issued}`,
				tokenId: `id-${state.issued}`,
				expiration: new Date(Date.now() + ttl).toISOString(),
			})
		}),
	]
}
