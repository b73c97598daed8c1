import { data, Form, redirect, useLocation, useNavigation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Route } from './+types/results-route'
import trackerStylesHref from '~/styles/tracker.css?url'
import { AFTER_FIRST_PAINT } from '~/components/scripts-after-first-paint'
import { retryAfterHeaders } from './retry-after'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { CaptchaDialog } from './captcha-dialog'
import { CaptchaQuestionFields } from './captcha-question-fields'
import { ResultsPagination, SortMenu } from './results-controls'
import { ResultsSkeleton, ResultsTable } from './results-table'
import { pageTitle } from '~/lib/shell-texts'
import { landingHref, resultsParams, timelineHref, type ResultRow } from './results'
import { resultRow } from './results.server'
import { CAPTCHA_INTENT, noResultsText, trackerTexts } from '~/lib/tracker/texts'
import {
	createCaptchaChallenge,
	createCaptchaQuestion,
	hasPassedCaptcha,
	CaptchaFormSchema,
	passCaptcha,
} from './captcha.server'
import { publicTrackerClient, requireTrackerEnabled, ScmError } from './public-tracker.server'
import { readForm, refuse } from '~/services/form.server'
import { parseWithZod } from '@conform-to/zod/v4'
import { Button } from '~/components/ui/button'
import { firstError } from '~/lib/form-reply'

/**
 * /tracking/{organization}/{orderNo}: the public search results (000 §2 "Public results";
 * query sortBy default order_number, orderBy default asc, page default 1). Exactly one
 * result answers with a redirect to its timeline. React Router hands the params decoded.
 * Until this browser session has passed the captcha (000 §2 "A captcha must be passed once
 * per session … On the results page the captcha appears in a dialog") the API is not asked
 * and the page carries no rows: with JavaScript the ALTCHA dialog, without it a question
 * the server checks (ADR 0024); either posts to this route's action.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: trackerStylesHref }]

/** Opened on slow phones: the page paints before its modules are fetched (ADR 0032). */
export const handle = AFTER_FIRST_PAINT

export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = ({ params }) => [
	{ title: pageTitle(`${trackerTexts.searchResultsFor} ${params.orderNo}`) },
	{ name: 'robots', content: 'noindex' },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { organization, orderNo } = params
	await requireTrackerEnabled(context, organization)
	const url = new URL(request.url)
	const list = resultsParams(url.searchParams)
	const captchaPassed = await hasPassedCaptcha(request, context)
	const captcha = captchaPassed ? null : await createCaptchaChallenge(context)
	const question = captchaPassed ? null : createCaptchaQuestion(context)
	const page = { organization, orderNo, host: url.host, params: list, captcha, question }
	// The rows are held back until the captcha is passed: no search, nothing in the HTML.
	if (!captchaPassed) return { ...page, total: 0, rows: [] as ResultRow[], rateLimited: false }
	const client = publicTrackerClient(context, {
		clientAddress: context.clientAddress,
		captchaPassed,
	})
	try {
		const found = await client.search(organization, orderNo, list)
		const only = found.totalCount === 1 ? found.shipSets[0] : undefined
		// 000 §2 "Exactly one result redirects automatically to the order timeline."
		if (only)
			throw redirect(timelineHref(organization, orderNo, resultRow(only), undefined, list.locked))
		return {
			...page,
			total: found.totalCount,
			rows: found.shipSets.map(resultRow),
			rateLimited: false,
		}
	} catch (error) {
		if (!(error instanceof ScmError)) throw error
		const none = { ...page, total: 0, rows: [] as ResultRow[] }
		if (error.status === 429)
			return data({ ...none, rateLimited: true }, { status: 429, headers: error.retryAfterHeader })
		// A number the API refuses as malformed (too long, say) matches nothing.
		if (error.status === 400) return { ...none, rateLimited: false }
		throw error
	}
}

/**
 * The dialog's captcha (the form pipeline: parse, refuse with the form's result, act, redirect):
 * a verified solution is remembered for the browser session and the page reloads with it.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const submission = parseWithZod(await readForm(request), { schema: CaptchaFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	const pass = await passCaptcha(context, new Map(Object.entries(submission.value)))
	if (!pass) return refuse(submission, { formErrors: [trackerTexts.captchaFailed] })
	const url = new URL(request.url)
	throw redirect(`${url.pathname}${url.search}`, { headers: { 'Set-Cookie': pass } })
}

export default function TrackingResults({ loaderData, actionData }: Route.ComponentProps) {
	const { organization, orderNo, host, params, total, rows, captcha, question, rateLimited } =
		loaderData
	const captchaFailed = Boolean(firstError(actionData?.result, ''))
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const location = useLocation()
	// Sorting and paging stay on this page: show the skeleton while the next page loads.
	const loading =
		navigation.state === 'loading' && navigation.location.pathname === location.pathname

	return (
		<div className="tracker">
			<Breadcrumbs
				items={[
					{ label: trackerTexts.appName, to: landingHref(organization, params.locked) },
					{ label: trackerTexts.searchResults },
				]}
			/>
			<div className="results-header">
				<h1>
					{trackerTexts.searchResultsFor} <span className="results-header__number">{orderNo}</span>
				</h1>
				{rows.length > 1 || params.page > 1 ? <SortMenu params={params} /> : null}
			</div>
			{question ? (
				<section className="captcha-gate" aria-label="Captcha">
					<p>{trackerTexts.captchaPrompt}</p>
					{captchaFailed ? (
						<p className="form-error" role="alert">
							{trackerTexts.captchaFailed}
						</p>
					) : null}
					<noscript>
						<Form method="post" className="tracker-form">
							<input type="hidden" name="intent" value={CAPTCHA_INTENT} />
							<CaptchaQuestionFields question={question.question} token={question.token} />
							<Button type="submit" variant="primary">
								Continue
							</Button>
						</Form>
					</noscript>
				</section>
			) : rateLimited ? (
				<p className="notice notice--error" role="alert">
					{trackerTexts.tooManyRequests}
				</p>
			) : loading ? (
				<ResultsSkeleton />
			) : rows.length ? (
				<>
					<ResultsTable
						rows={rows}
						hrefFor={(row) => timelineHref(organization, orderNo, row, params)}
					/>
					<ResultsPagination params={params} total={total} rowsOnPage={rows.length} />
				</>
			) : (
				<p className="notice">{noResultsText(host)}</p>
			)}
			{hydrated && captcha ? <CaptchaDialog captcha={captcha} failed={captchaFailed} /> : null}
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
