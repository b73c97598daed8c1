import { useEffect } from 'react'
import type { AnalyticsSurface } from '#contracts/analytics/events'
import { eventBody, eventOfClick, EVENTS_PATH } from '~/lib/analytics-events'

/**
 * Records the clicks on the page's `data-analytics` controls as first-party events of `surface`
 * (000 §6; ~/lib/analytics-events), while `enabled` (the surface's toggle). Renders nothing. The
 * listener captures, so the event leaves before a link navigates; sendBeacon outlives the page.
 */
export function AnalyticsEvents({
	surface,
	enabled,
	organization,
}: {
	surface: AnalyticsSurface
	enabled: boolean
	organization?: string | null
}) {
	useEffect(() => {
		if (!enabled) return
		const onClick = (event: MouseEvent) => {
			const name = eventOfClick(event.target)
			if (!name) return
			const body = eventBody(name, surface, organization)
			if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(EVENTS_PATH, body))
				return
			void fetch(EVENTS_PATH, {
				method: 'POST',
				body,
				keepalive: true,
				credentials: 'same-origin',
			}).catch(() => undefined)
		}
		document.addEventListener('click', onClick, true)
		return () => document.removeEventListener('click', onClick, true)
	}, [enabled, surface, organization])
	return null
}
