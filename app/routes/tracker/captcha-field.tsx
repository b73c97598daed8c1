import { lazy, Suspense } from 'react'
import { CaptchaWidget, type CaptchaChallengeData, type CaptchaState } from './captcha-widget'

/**
 * The captcha a form shows, by provider: the ALTCHA widget (default), or reCAPTCHA v3
 * when the server has its keys. Either puts its answer in a hidden field (`altcha` or
 * `recaptcha`) and reports when it is ready. Rendered after hydration only.
 */

export type CaptchaData =
	| { provider: 'altcha'; challenge: CaptchaChallengeData }
	| { provider: 'recaptcha'; siteKey: string }

const RecaptchaField = lazy(() => import('./recaptcha-field'))

export function CaptchaField({
	captcha,
	onStateChange,
	auto,
}: {
	captcha: CaptchaData
	onStateChange: (state: CaptchaState) => void
	auto?: 'off' | 'onfocus' | 'onload'
}) {
	if (captcha.provider === 'recaptcha') {
		return (
			<Suspense fallback={null}>
				<RecaptchaField siteKey={captcha.siteKey} onStateChange={onStateChange} />
			</Suspense>
		)
	}
	return <CaptchaWidget challenge={captcha.challenge} onStateChange={onStateChange} auto={auto} />
}
