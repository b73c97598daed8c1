import { TIMEFRAME_DAYS } from '#contracts/dashboard/widgets'
import { onlyParamsChanged } from '~/lib/search-params'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ShouldRevalidateFunctionArgs } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/route'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { DashboardViews } from '../views-nav'
import { openVariants } from '../variants'
import { loadToggles } from '~/services/toggles.server'
import { UNFOLLOW_TOAST, UnfollowFormSchema } from '../lists'
import { greeting, pageAfterRemoval } from '../format'
import { parseFollowing, REPORT_INTENT, WIDGET_NAMES, WIDGETS } from './widget-page'
import { withParams } from '~/lib/search-params'
import { UUID } from '#shared/ids'
import { pageTitle } from '~/lib/shell-texts'
import { requireScm } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { readForm, refuse } from '~/services/form.server'
import { toasts } from '~/services/toast.server'
import chartStylesHref from '~/components/chart/chart.css?url'
import dashboardStylesHref from '../dashboard.css?url'
import breachesOngoingStylesHref from '../breaches/ongoing.css?url'
import { OngoingBreaches } from '../breaches/ongoing-breaches'
import { readOngoing } from '../breaches/ongoing.server'
import { BREACH_SECTIONS_PARAMS, showsBreaches } from '../breaches/ongoing'
import { AverageTimeWidget, CarrierPerformanceWidget } from './charts'
import { IssuesLogWidget, type ReportAnswer } from './issues-log'
import { FollowingWidget, RecentlyViewedWidget } from './order-lists'
import { WithoutUpdatesWidget } from './without-updates'
import { loadFilterLists, loadWidget, widgetAccess } from './widgets.server'
import { HistoricalBreaches } from '../breaches/historical-breaches'
import { historicalAccess, loadHistoricalBreaches } from '../breaches/historical.server'

/**
 * /dashboard/old: the widget page (001 §1 "Widget-page dashboard", §2 "Widget-page widgets"):
 * the greeting, Following, Recently Viewed, Issues Log (001 §6 rule: the supply chain's toggle
 * and the DASHBOARD service), Average Order Time, Orders Without Updates and Carrier Performance
 * (its toggle), and for users subscribed to the TRACKER service the full-width Ongoing Breaches
 * (5 a page; ../breaches/) and, with scm.historicalBreaches on, Historical Breaches
 * (../breaches/). Every widget's filters and page are its own URL parameters (widget-page.ts): without JavaScript a filter form or a page link reloads the page; with it only
 * that widget reloads, from /dashboard/old/widgets/{widget} (see shouldRevalidate).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Dashboard') }]

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: chartStylesHref },
	{ rel: 'stylesheet', href: dashboardStylesHref },
	{ rel: 'stylesheet', href: breachesOngoingStylesHref },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	const q = new URL(request.url).searchParams
	const [access, toggles, historical] = await Promise.all([
		widgetAccess(context, user),
		loadToggles(context, user.profile.account),
		historicalAccess(context, user),
	])
	const breaches = showsBreaches(user.profile.subscribed_services)
	const [
		lists,
		following,
		recentlyViewed,
		issuesLog,
		averageTime,
		withoutUpdates,
		carrierPerformance,
		ongoing,
		historicalBreaches,
	] = await Promise.all([
		loadFilterLists(request, context, scm),
		loadWidget('following', request, context, scm, q),
		loadWidget('recently-viewed', request, context, scm, q),
		access['issues-log'] ? loadWidget('issues-log', request, context, scm, q) : null,
		loadWidget('average-time', request, context, scm, q),
		loadWidget('without-updates', request, context, scm, q),
		access['carrier-performance']
			? loadWidget('carrier-performance', request, context, scm, q)
			: null,
		// 001 §1: "For users subscribed to the TRACKER service it also shows full-width Ongoing Breaches and Historical Breaches"
		// (Historical with its toggle, 001 §6).
		breaches ? readOngoing(request, context, scm, 'widget', q) : null,
		historical ? loadHistoricalBreaches(request, context, scm, q) : null,
	])
	return {
		greeting: greeting(user.profile),
		variants: openVariants(toggles),
		lists,
		widgets: {
			following,
			recentlyViewed,
			issuesLog,
			averageTime,
			withoutUpdates,
			carrierPerformance,
		},
		ongoing,
		historicalBreaches,
	}
}

/**
 * With JavaScript a page link or a filter form of one widget changes only that widget's
 * parameters: the page's loader is not run again (the widget loads itself through its resource
 * route). Posts (Unfollow) reload the page, except the Issues Log report, which changes nothing.
 */
export function shouldRevalidate({
	currentUrl,
	nextUrl,
	formMethod,
	formData,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	if (formMethod && formMethod.toUpperCase() !== 'GET') {
		return formData?.get('intent') === REPORT_INTENT ? false : defaultShouldRevalidate
	}
	// Only widgets' own parameters changed (the breach sections' included): each reads itself.
	return onlyParamsChanged(currentUrl, nextUrl, PARTS_PARAMS) ? false : defaultShouldRevalidate
}

const PARTS_PARAMS = new Set<string>([
	...WIDGET_NAMES.flatMap((w) => [...WIDGETS[w].params]),
	...BREACH_SECTIONS_PARAMS,
])

const ReportFormSchema = z.object({
	intent: z.literal(REPORT_INTENT),
	carrierDescription: z.string().trim().max(200).optional(),
	orderType: z.union([z.literal(''), z.string().regex(UUID)]).optional(),
	/** The chart's Before (days), so that the file lists what the chart counts. */
	before: z.coerce
		.number()
		.int()
		.refine((n) => (TIMEFRAME_DAYS as readonly number[]).includes(n))
		.optional(),
})

export async function action({ request, context }: Route.ActionArgs) {
	const { user, scm } = await requireScm(request, context)
	const form = await readForm(request)
	const url = new URL(request.url)
	if (form.get('intent') === REPORT_INTENT) {
		if (!(await widgetAccess(context, user))['issues-log']) throw data('Not found', { status: 404 })
		const submission = parseWithZod(form, { schema: ReportFormSchema })
		if (submission.status !== 'success') return refuse(submission)
		const { data: made, toast } = await withCatalogue(
			request,
			context,
			() =>
				scm.widgets.issuesLogReport({
					carrier_description: submission.value.carrierDescription ?? '',
					order_type: submission.value.orderType ?? '',
					before: submission.value.before,
				}),
			null,
		)
		if (!made) throw await toasts(context).redirectWithToast(`${url.pathname}${url.search}`, toast!)
		return {
			intent: REPORT_INTENT,
			report: made.report,
			message: made.message,
		} satisfies ReportAnswer
	}

	// Unfollow (001 §4): delete, then the list reloads on the page that still exists, with the toast.
	const submission = parseWithZod(form, { schema: UnfollowFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	const { toast } = await withCatalogue(
		request,
		context,
		() => scm.shipSets.unfollow(submission.value.shipSetId),
		null,
	)
	const { page } = parseFollowing(url.searchParams)
	const { data: after } = await withCatalogue(
		request,
		context,
		() => scm.widgets.following({ limit: 1, offset: 0 }),
		null,
	)
	const moved = after ? pageAfterRemoval(page, after.total) : page
	const back =
		`${url.pathname}${withParams(url.searchParams, { following_page: moved === 1 ? null : moved })}`.replace(
			/\?$/,
			'',
		)
	if (toast) return toasts(context).redirectWithToast(back, toast)
	return toasts(context).redirectWithWarning(back, UNFOLLOW_TOAST)
}

export default function DashboardOld({ loaderData }: Route.ComponentProps) {
	const { widgets, lists } = loaderData
	return (
		<div className="dash-page">
			<h1>{loaderData.greeting}</h1>
			<DashboardViews current="widgets" open={loaderData.variants} />
			<div className="dash-grid">
				<FollowingWidget initial={widgets.following} />
				<RecentlyViewedWidget initial={widgets.recentlyViewed} />
				{widgets.issuesLog ? <IssuesLogWidget initial={widgets.issuesLog} lists={lists} /> : null}
				<AverageTimeWidget initial={widgets.averageTime} lists={lists} />
				<WithoutUpdatesWidget initial={widgets.withoutUpdates} lists={lists} />
				{widgets.carrierPerformance ? (
					<CarrierPerformanceWidget initial={widgets.carrierPerformance} />
				) : null}
				{loaderData.ongoing ? (
					<OngoingBreaches place="widget" initial={loaderData.ongoing} />
				) : null}
				{loaderData.historicalBreaches ? (
					<HistoricalBreaches initial={loaderData.historicalBreaches} />
				) : null}
			</div>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
