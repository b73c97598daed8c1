import { useEffect, useRef, useState } from 'react'
import type {} from 'altcha/types/react'

/**
 * The ALTCHA widget (a web component), loaded only where a captcha is asked for: the
 * landing form and the results page's dialog, never the timeline. Its script is imported
 * after hydration, so pages without a captcha, and browsers without JavaScript, never
 * download it. With auto="onfocus" (the landing) it is imported when the visitor reaches the
 * form (a focus, a touch, a click or a key inside it): the widget only starts solving then
 * anyway, and evaluating its module while the page loads was the landing's one long task
 * on a slow phone (Lighthouse's total blocking time, docs/decisions/0029). The challenge comes inside the page (loader data), so solving needs no
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
	const placeholder = useRef<HTMLDivElement>(null)
	const report = useRef(onStateChange)
	useEffect(() => {
		report.current = onStateChange
	})

	useEffect(() => {
		let live = true
		const load = () =>
			import('altcha').then(
				() => {
					if (live) setLoaded(true)
				},
				() => report.current('error'),
			)
		const form = placeholder.current?.closest('form')
		if (auto !== 'onfocus' || !form || form.contains(document.activeElement)) {
			void load()
			return () => {
				live = false
			}
		}
		const reached = ['focusin', 'pointerdown', 'keydown'] as const
		const start = () => {
			for (const name of reached) form.removeEventListener(name, start)
			void load()
		}
		for (const name of reached) form.addEventListener(name, start)
		return () => {
			live = false
			for (const name of reached) form.removeEventListener(name, start)
		}
	}, [auto])

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

	if (!loaded)
		return <div ref={placeholder} className="captcha captcha--loading" aria-hidden="true" />
	return (
		<div className="captcha">
			<altcha-widget ref={ref} challenge={JSON.stringify(challenge)} name="altcha" auto={auto} />
		</div>
	)
}
