import { useEffect, useRef, useState } from 'react'
import { AnalyticsFailure } from './analytics-failure'
import { Skeleton } from '~/components/ui/skeleton'
import { AnalyticsToken, embedConfiguration, startTokenKeeper } from './embed-token'

/** Asks our server for a token (POST, same origin: the CSRF check lets it through). */
async function fetchEmbedToken(path: string): Promise<AnalyticsToken> {
	const response = await fetch(`${path}/embed-token`, {
		method: 'POST',
		headers: { accept: 'application/json' },
		credentials: 'same-origin',
	})
	if (!response.ok) throw new Error(`embed token: HTTP ${response.status}`)
	return AnalyticsToken.parse(await response.json())
}

/**
 * The Power BI report, embedded with powerbi-client (loaded in the browser only, on this page only):
 * "A placeholder skeleton while loading, then an embedded report opened with filters and page
 * navigation hidden" (000 §2). The token comes from local storage or our server and is kept fresh
 * by startTokenKeeper (000 §4); a failed fetch, refresh or embed shows the analytics failure.
 */
export function PowerBiReport({ path }: { path: string }) {
	const host = useRef<HTMLDivElement>(null)
	const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading')

	useEffect(() => {
		const element = host.current
		let cancelled = false
		let report: {
			setAccessToken(token: string): Promise<unknown>
			off(event: string): void
		} | null = null
		let service: { reset(element: HTMLElement): void } | null = null
		const fail = () => {
			if (!cancelled) setState('failed')
		}
		const keeper = startTokenKeeper({
			storage: window.localStorage,
			fetchToken: () => fetchEmbedToken(path),
			onError: fail,
			onToken: (token, refreshed) => {
				if (refreshed && report) {
					report.setAccessToken(token.embedToken).catch(fail)
					return
				}
				void import('powerbi-client')
					.then((pbi) => {
						if (cancelled || !element) return
						const s = new pbi.service.Service(
							pbi.factories.hpmFactory,
							pbi.factories.wpmpFactory,
							pbi.factories.routerFactory,
						)
						service = s
						const embedded = s.embed(
							element,
							embedConfiguration(token) as Parameters<typeof s.embed>[1],
						) as unknown as {
							on(event: string, handler: () => void): void
							off(event: string): void
							setAccessToken(token: string): Promise<unknown>
						}
						embedded.on('loaded', () => !cancelled && setState('shown'))
						embedded.on('error', fail)
						report = embedded
					})
					.catch(fail)
			},
		})
		return () => {
			cancelled = true
			keeper.stop()
			report?.off('loaded')
			report?.off('error')
			if (element) service?.reset(element)
		}
	}, [path])

	if (state === 'failed') return <AnalyticsFailure />
	return (
		<div className="analytics-embed">
			{state === 'loading' ? <Skeleton label="Loading the analytics report" lines={8} /> : null}
			{/* Laid out while loading (a hidden frame may never load), shown once Power BI says 'loaded'. */}
			<div
				ref={host}
				className={
					state === 'shown'
						? 'analytics-embed__frame'
						: 'analytics-embed__frame analytics-embed__frame--loading'
				}
			/>
			<noscript>
				<p>The Power BI report needs JavaScript.</p>
			</noscript>
		</div>
	)
}
