import { Button } from '~/components/ui/button'
import { useEffect, useRef, useState } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Route } from './+types/index'
import trackerStylesHref from '~/styles/tracker.css?url'
import { AFTER_FIRST_PAINT } from '~/components/scripts-after-first-paint'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { CaptchaField } from './captcha-field'
import { CaptchaQuestionFields } from './captcha-question-fields'
import type { CaptchaState } from './captcha-widget'
import { ResultsSkeleton } from './results-table'
import { pageTitle } from '~/lib/shell-texts'
import { HONEYPOT_FIELD, landingSubmission, resultsPath } from './landing'
import { trackerTexts } from '~/lib/tracker/texts'
import {
	createCaptchaChallenge,
	createCaptchaQuestion,
	hasPassedCaptcha,
	passCaptcha,
	sentAnyCaptcha,
} from './captcha.server'
import { requireTrackerEnabled } from './public-tracker.server'

/**
 * /tracking: the public tracker landing (000 §2 "Public tracker landing"). A GET form, so
 * it works without JavaScript: this loader reads ?organization=&orderNo=, checks them
 * (both non-empty after trimming, the honeypot empty, the captcha when one was solved)
 * and redirects to /tracking/{organization}/{orderNo}. Query organization alone prefills
 * and locks the organization field. With JavaScript the ALTCHA widget sits in the form;
 * without it (<noscript>) a question the server checks (ADR 0024). A form sent with no
 * captcha at all (a bookmarked GET) goes on to the results, which hold the rows back
 * until the captcha is passed.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: trackerStylesHref }]

/** Opened on slow phones: the page paints before its modules are fetched (ADR 0032). */
export const handle = AFTER_FIRST_PAINT

export const meta: Route.MetaFunction = () => [{ title: pageTitle(trackerTexts.appName) }]

export async function loader({ request, context }: Route.LoaderArgs) {
	const search = new URL(request.url).searchParams
	const form = landingSubmission(search)
	await requireTrackerEnabled(context, form.organization)
	const captchaPassed = await hasPassedCaptcha(request, context)
	const page = async (error: string | null) => ({
		...form,
		error,
		captcha: captchaPassed ? null : await createCaptchaChallenge(context),
		question: captchaPassed ? null : createCaptchaQuestion(context),
	})

	if (!form.submitted) return page(null)
	if (form.error) return data(await page(form.error), { status: 400 })
	const headers = new Headers()
	if (!captchaPassed && sentAnyCaptcha(search)) {
		const pass = await passCaptcha(context, search)
		if (!pass) return data(await page(trackerTexts.captchaFailed), { status: 400 })
		headers.set('Set-Cookie', pass)
	}
	throw redirect(resultsPath(form.organization, form.orderNo, form.locked), { headers })
}

export default function Tracking({ loaderData }: Route.ComponentProps) {
	const { locked, error, captcha: captchaData, question } = loaderData
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const [organization, setOrganization] = useState(loaderData.organization)
	const [orderNo, setOrderNo] = useState(loaderData.orderNo)
	const [captcha, setCaptcha] = useState<CaptchaState>('loading')
	const organizationInput = useRef<HTMLInputElement>(null)
	const orderNoInput = useRef<HTMLInputElement>(null)
	// Whatever was typed before the page hydrated counts.
	useEffect(() => {
		if (organizationInput.current) setOrganization(organizationInput.current.value)
		if (orderNoInput.current) setOrderNo(orderNoInput.current.value)
	}, [])
	const searching = navigation.state !== 'idle'
	// 000 §2 "SEARCH is disabled unless both fields are non-empty" (and, with JavaScript, the captcha solved).
	const ready =
		organization.trim() !== '' && orderNo.trim() !== '' && (!captchaData || captcha === 'verified')

	return (
		<div className="tracker tracker-landing">
			<h1>{trackerTexts.landingHeading}</h1>
			<Form method="get" action="/tracking" className="tracker-form">
				{locked ? <input type="hidden" name="lock" value="1" /> : null}
				<label className="field">
					<span className="field__label">{trackerTexts.organizationLabel}</span>
					<input
						ref={organizationInput}
						name="organization"
						value={organization}
						onChange={(e) => setOrganization(e.target.value)}
						onBlur={(e) => setOrganization(e.target.value.trim())}
						readOnly={locked}
						aria-readonly={locked || undefined}
						required
						autoComplete="organization"
						autoCapitalize="none"
						spellCheck={false}
					/>
				</label>
				<label className="field">
					<span className="field__label">{trackerTexts.numberLabel}</span>
					<input
						ref={orderNoInput}
						name="orderNo"
						value={orderNo}
						onChange={(e) => setOrderNo(e.target.value)}
						onBlur={(e) => setOrderNo(e.target.value.trim())}
						required
						autoComplete="off"
						autoCapitalize="characters"
						spellCheck={false}
					/>
				</label>
				<div className="hp" aria-hidden="true">
					<label>
						Leave this field empty
						<input name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
					</label>
				</div>
				{question ? (
					<noscript>
						<CaptchaQuestionFields question={question.question} token={question.token} />
					</noscript>
				) : null}
				{hydrated && captchaData ? (
					<CaptchaField captcha={captchaData} onStateChange={setCaptcha} auto="onfocus" />
				) : null}
				{error ? (
					<p className="form-error" role="alert">
						{error}
					</p>
				) : null}
				<Button type="submit" variant="primary" disabled={hydrated && (!ready || searching)}>
					{trackerTexts.search}
				</Button>
			</Form>
			{searching ? <ResultsSkeleton /> : null}
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
