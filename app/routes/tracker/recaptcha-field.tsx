import { useCallback, useState } from 'react'
import { GoogleReCaptcha, GoogleReCaptchaProvider } from 'react-google-recaptcha-v3'
import { useNonce } from '~/components/nonce-provider'
import type { CaptchaState } from './captcha-widget'

/** The reCAPTCHA v3 action; the server checks the token was issued for it (captcha.server.ts RECAPTCHA_ACTION). */
const ACTION = 'tracker_search'

/**
 * reCAPTCHA v3 (react-google-recaptcha-v3): invisible, scores the visit and hands a token,
 * which goes in the hidden `recaptcha` field. Loaded only when the server has reCAPTCHA
 * keys; Google's script then needs the CSP's script-src and frame-src to allow
 * https://www.google.com/recaptcha/ and https://www.gstatic.com/recaptcha/.
 */
export default function RecaptchaField({
	siteKey,
	onStateChange,
}: {
	siteKey: string
	onStateChange: (state: CaptchaState) => void
}) {
	const nonce = useNonce()
	const [token, setToken] = useState('')
	const onVerify = useCallback(
		(value: string) => {
			setToken(value)
			onStateChange(value ? 'verified' : 'error')
		},
		[onStateChange],
	)
	return (
		<GoogleReCaptchaProvider
			reCaptchaKey={siteKey}
			scriptProps={{ nonce: nonce || undefined, async: true, defer: true }}
		>
			<GoogleReCaptcha action={ACTION} onVerify={onVerify} />
			<input type="hidden" name="recaptcha" value={token} />
		</GoogleReCaptchaProvider>
	)
}
