import { useEffect, useRef, useState } from 'react'
import type {} from 'altcha/types/react'

/**
 * The ALTCHA widget (a web component), loaded only where a captcha is asked for: the
 * landing form and the results page's dialog, never the timeline. Its script is imported
 * after hydration, so pages without a captcha, and browsers without JavaScript, never
 * download it. The challenge comes inside the page (loader data), so solving needs no
 * extra request; the widget puts its solution in a hidden `altcha` field of the form.
 */

export type CaptchaState = 'loading' | 'unverified' | 'verifying' | 'verified' | 'expired' | 'error'

export interface CaptchaChallengeData {
	parameters: object
	signature?: string
}

export function CaptchaWidget({
	challenge,
	onStateChange,
	auto = 'onfocus',
}: {
	challenge: CaptchaChallengeData
	onStateChange: (state: CaptchaState) => void
	auto?: 'off' | 'onfocus' | 'onload'
}) {
	const [loaded, setLoaded] = useState(false)
	const ref = useRef<HTMLElement>(null)
	const report = useRef(onStateChange)
	useEffect(() => {
		report.current = onStateChange
	})

	useEffect(() => {
		let live = true
		import('altcha').then(
			() => {
				if (live) setLoaded(true)
			},
			() => report.current('error'),
		)
		return () => {
			live = false
		}
	}, [])

	useEffect(() => {
		const widget = ref.current
		if (!loaded || !widget) return
		const listener = (event: Event) => {
			const state = (event as CustomEvent<{ state?: string }>).detail?.state
			if (state) report.current(state as CaptchaState)
		}
		widget.addEventListener('statechange', listener)
		report.current('unverified')
		// With auto="onfocus", a visitor who was already typing when the widget arrived gets it started now.
		const form = widget.closest('form')
		const methods = widget as HTMLElement & { verify?: () => unknown; getState?: () => string }
		const timer =
			auto === 'onfocus' && form?.contains(document.activeElement)
				? setTimeout(() => {
						if (methods.getState?.() === 'unverified') methods.verify?.()
					}, 0)
				: undefined
		return () => {
			clearTimeout(timer)
			widget.removeEventListener('statechange', listener)
		}
	}, [loaded, auto])

	if (!loaded) return <div className="captcha captcha--loading" aria-hidden="true" />
	return (
		<div className="captcha">
			<altcha-widget ref={ref} challenge={JSON.stringify(challenge)} name="altcha" auto={auto} />
		</div>
	)
}
