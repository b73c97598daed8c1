import { http, HttpResponse } from 'msw'

/**
 * The SCM API as an upstream service, for the split-tier case (SCM_API_URL):
 * handlers that play its failures to the web app's client and loaders.
 */
export const SCM_URL = 'http://scm.upstream.test'

export const scmFailures = {
	empty: http.get(`${SCM_URL}/api/web/tags`, () => new HttpResponse('', { status: 200 })),
	unavailable: http.get(`${SCM_URL}/api/web/tags`, () =>
		HttpResponse.json({ error: 'Service Unavailable' }, { status: 503 }),
	),
	badGateway: http.get(
		`${SCM_URL}/api/web/tags`,
		() => new HttpResponse('<html>proxy</html>', { status: 502 }),
	),
	offContract: http.get(`${SCM_URL}/api/web/tags`, () => HttpResponse.json({ tags: [{ id: 1 }] })),
	emptyToggles: http.get(`${SCM_URL}/api/web/toggles`, () => HttpResponse.json({ toggles: [] })),
	networkError: http.get(`${SCM_URL}/api/web/tags`, () => HttpResponse.error()),
}

export const scmHappy = [
	http.get(`${SCM_URL}/api/web/tags`, ({ request }) => {
		if (!request.headers.get('authorization')?.startsWith('Bearer ')) {
			return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 })
		}
		return HttpResponse.json({
			tags: [{ id: 't1', name: 'Fragile' }],
		})
	}),
	http.get(`${SCM_URL}/api/web/toggles`, ({ request }) => {
		const names = new URL(request.url).searchParams.get('names')?.split(',') ?? []
		return HttpResponse.json({ toggles: names.map((name) => ({ name, enabled: true })) })
	}),
]
