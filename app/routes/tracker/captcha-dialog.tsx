import { useEffect, useRef, useState } from 'react'
import { Form, useSubmit } from 'react-router'
import { CAPTCHA_INTENT, trackerTexts } from '~/lib/tracker/texts'
import { Button } from '~/components/ui/button'
import { Dialog } from '~/components/ui/dialog'
import { CaptchaField, type CaptchaData } from './captcha-field'
import type { CaptchaState } from './captcha-widget'

/**
 * 000 §2 "On the results page the captcha appears in a dialog": shown (with JavaScript)
 * when this browser session has not passed the captcha. The widget solves its proof of
 * work on its own; once verified, the form posts to the results route's action, which
 * remembers the pass and reloads the page. Without JavaScript there is no dialog and the
 * stricter rate limit applies instead.
 */
export function CaptchaDialog({ captcha, failed }: { captcha: CaptchaData; failed: boolean }) {
	const [state, setState] = useState<CaptchaState>('loading')
	const form = useRef<HTMLFormElement>(null)
	const submit = useSubmit()

	useEffect(() => {
		if (state === 'verified' && form.current)
			submit(form.current, { replace: true, preventScrollReset: true })
	}, [state, submit])

	return (
		<Dialog title={trackerTexts.captchaTitle} size="small" className="captcha-dialog">
			<p>{trackerTexts.captchaPrompt}</p>
			<Form method="post" ref={form}>
				<input type="hidden" name="intent" value={CAPTCHA_INTENT} />
				<CaptchaField captcha={captcha} onStateChange={setState} auto="onload" />
				{failed || state === 'error' ? (
					<p className="form-error" role="alert">
						{trackerTexts.captchaFailed}
					</p>
				) : null}
				<Button type="submit" variant="primary" disabled={state !== 'verified'}>
					Continue
				</Button>
			</Form>
		</Dialog>
	)
}
