import { EmptyState } from '~/components/ui/empty-state'
import { Skeleton } from '~/components/ui/skeleton'
import { Button } from '~/components/ui/button'
import { useCallback, useEffect, useRef, useState } from 'react'
import {
	Form,
	Link,
	redirect,
	useFetcher,
	useLocation,
	useNavigate,
	useNavigation,
	type ShouldRevalidateFunctionArgs,
} from 'react-router'
import type { Route } from './+types/index'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AnalyticsEvents } from '~/components/analytics-events'
import { Tabs } from '~/components/ui/tabs'
import { onlyParamsChanged } from '~/lib/search-params'
import { greeting } from './format'
import { DashboardViews } from './views-nav'
import { landingVariant, openVariants } from './variants'
import { loadToggles } from '~/services/toggles.server'
import chartStylesHref from '~/components/chart/chart.css?url'
import dashboardStylesHref from './dashboard.css?url'
import breachesOngoingStylesHref from './breaches/ongoing.css?url'
import { OngoingBreaches } from './breaches/ongoing-breaches'
import { readOngoing } from './breaches/ongoing.server'
import { HistoricalBreaches } from './breaches/historical-breaches'
import { historicalAccess, loadHistoricalBreaches } from './breaches/historical.server'
import { BREACHED_ORDERS_TAB, breachesRereads, showsBreaches } from './breaches/ongoing'
import {
	DASHBOARD_TABS,
	UNFOLLOW_INTENT,
	UNFOLLOW_TOAST,
	UnfollowFormSchema,
	hasMore,
	LIST_STEP,
	parseShown,
	parseTab,
	type DashboardTab,
} from './lists'
import { loadList, type ListRow } from './lists.server'
import type { loader as listStepLoader } from './list-step-route'
import { formatEventTime } from '~/lib/dates'
import { pageTitle } from '~/lib/shell-texts'
import { requireScm } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { toasts } from '~/services/toast.server'
import { readForm, refuse } from '~/services/form.server'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FieldErrors } from '~/components/ui/field'
import { useFormReply } from '~/lib/form-reply'

/**
 * /dashboard: the greeting and the tabbed dashboard (001 §1–2): Following,
 * Live Feed (default) and Recently Viewed. Tab and length are URL state
 * (`?tab=following&shown=20`): 'Load more' is a link without JavaScript and
 * loads by itself on scroll with it. The Breached Orders tab (001 §2: "Shown only to
 * users subscribed to the TRACKER service") holds Ongoing Breaches, whose list and detail are
 * URL state too (`?tab=breached_orders&breach=…&breach_q=…&breach_page=N`), and, with the
 * supply chain's scm.historicalBreaches on, Historical Breaches (`hist_*`,
 * breaches/historical-breaches.tsx). The other variants are /dashboard/old and
 * /dashboard/new (ADR 0013).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Dashboard') }]

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: chartStylesHref },
	{ rel: 'stylesheet', href: dashboardStylesHref },
	{ rel: 'stylesheet', href: breachesOngoingStylesHref },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	const url = new URL(request.url)
	const toggles = await loadToggles(context, user.profile.account)
	// The toggles choose the variant /dashboard shows (variants.ts, ADR 0013).
	if (landingVariant(toggles) === 'widgets') throw redirect('/dashboard/old')
	// 001 §2: the Breached Orders tab only for users subscribed to the TRACKER service (for others its URL shows the Live Feed).
	const breaches = showsBreaches(user.profile.subscribed_services)
	const breachedTab = breaches && url.searchParams.get('tab') === BREACHED_ORDERS_TAB.id
	const tab = parseTab(url.searchParams.get('tab'))
	const shown = parseShown(url.searchParams.get('shown'))
	const noRows = { rows: [] as ListRow[], total: 0 }
	const [{ data: list, toast }, ongoing, historical] = await Promise.all([
		breachedTab
			? { data: noRows, toast: null }
			: withCatalogue(request, context, () => loadList(scm, tab, shown), noRows),
		breachedTab ? readOngoing(request, context, scm, 'tab', url.searchParams) : null,
		// 001 §2: the tab holds "when the historical toggle is on, Historical Breaches".
		breachedTab
			? historicalAccess(context, user).then((on) =>
					on ? loadHistoricalBreaches(request, context, scm, url.searchParams) : null,
				)
			: null,
	])
	return {
		greeting: greeting(user.profile),
		variants: openVariants(toggles),
		analyticsEvents: toggles.analyticsEventsDashboard,
		breaches,
		tab: breachedTab ? BREACHED_ORDERS_TAB.id : tab,
		...list,
		ongoing,
		historical,
		toast,
	}
}

/**
 * With JavaScript, a link or the search of Ongoing Breaches changes only its own parameters: the
 * page is not read again (the list and the detail read themselves, breaches/ongoing-breaches.tsx);
 * nor when 'Load more' records the list's new length (`shown`): it has read those rows itself.
 */
export function shouldRevalidate({
	currentUrl,
	nextUrl,
	formMethod,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate
	if (onlyParamsChanged(currentUrl, nextUrl, SHOWN)) return false
	return breachesRereads(currentUrl, nextUrl) ? defaultShouldRevalidate : false
}

const SHOWN = new Set(['shown'])

export async function action({ request, context }: Route.ActionArgs) {
	const { scm } = await requireScm(request, context)
	const submission = parseWithZod(await readForm(request), { schema: UnfollowFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	const back = new URL(request.url)
	const here = `${back.pathname}${back.search}`
	const { toast } = await withCatalogue(
		request,
		context,
		() => scm.shipSets.unfollow(submission.value.shipSetId),
		null,
	)
	if (toast) return toasts(context).redirectWithToast(here, toast)
	return toasts(context).redirectWithWarning(here, UNFOLLOW_TOAST)
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
	const { tab, rows, total } = loaderData
	const { search } = useLocation()
	const tabs = loaderData.breaches ? [...DASHBOARD_TABS, BREACHED_ORDERS_TAB] : DASHBOARD_TABS
	return (
		<>
			<AnalyticsEvents surface="dashboard" enabled={loaderData.analyticsEvents} />
			<h1>{loaderData.greeting}</h1>
			<DashboardViews current="tabbed" open={loaderData.variants} />
			<Tabs
				label="Dashboard lists"
				items={tabs.map((t) => ({
					to: `?tab=${t.id}`,
					label: t.label,
					current: t.id === tab,
				}))}
			/>
			{tab === BREACHED_ORDERS_TAB.id ? (
				<section aria-label={BREACHED_ORDERS_TAB.label} className="breached-orders">
					{/* 001 §2: "It holds Ongoing Breaches and, when the historical toggle is on, Historical Breaches." */}
					{loaderData.ongoing ? <OngoingBreaches place="tab" initial={loaderData.ongoing} /> : null}
					{loaderData.historical ? <HistoricalBreaches initial={loaderData.historical} /> : null}
				</section>
			) : (
				<ListTab tab={tab} rows={rows} total={total} search={search} />
			)}
		</>
	)
}

/**
 * One of the three list tabs (001 §2): its rows, its empty text and 'Load more'. The page shows the
 * first `shown` rows; with JavaScript 'Load more' reads only the next ten (from the offset of the
 * rows shown, /dashboard/lists/{tab}), appends them and records the new length in the URL.
 */
function ListTab({
	tab,
	rows,
	total,
	search,
}: {
	tab: DashboardTab
	rows: ListRow[]
	total: number
	search: string
}) {
	const navigation = useNavigation()
	const navigate = useNavigate()
	const current = DASHBOARD_TABS.find((t) => t.id === tab)!
	// The rows loaded here since the page's own read (dropped when the page reads again, e.g. after Unfollow).
	const [loaded, setLoaded] = useState({ base: rows, more: [] as ListRow[], total })
	const fresh = loaded.base === rows
	const all = fresh ? [...rows, ...loaded.more] : rows
	const count = fresh ? loaded.total : total
	const step = useFetcher<typeof listStepLoader>()
	useEffect(() => {
		const answer = step.data
		if (step.state !== 'idle' || answer?.tab !== tab || answer.step?.offset !== all.length) return
		const seen = new Set(all.map((r) => r.id))
		const more = answer.step.rows.filter((r) => !seen.has(r.id))
		setLoaded({
			base: rows,
			more: [...(fresh ? loaded.more : []), ...more],
			total: answer.step.total,
		})
		// Unless the person is already going elsewhere (another tab): the URL is theirs.
		if (navigation.state === 'idle') {
			void navigate(`?tab=${tab}&shown=${all.length + LIST_STEP}`, {
				replace: true,
				preventScrollReset: true,
			})
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
	}, [step.data, step.state])
	const { load: read } = step
	const offset = all.length
	const load = useCallback(
		() => void read(`/dashboard/lists/${tab}?offset=${offset}`),
		[read, tab, offset],
	)
	const more = hasMore(all.length, count)
	// "Unfollow ... controls are disabled while loading" (001 §5): while an Unfollow runs and the list reloads.
	const unfollowing = navigation.formData?.get('intent') === UNFOLLOW_INTENT
	// A refused Unfollow that names none of the rows (a hand-made post) is shown above the list.
	const reply = useFormReply(UNFOLLOW_INTENT)
	const stray =
		reply && !all.some((r) => r.id === reply.result.initialValue?.shipSetId)
			? Object.values(reply.result.error ?? {}).flat()
			: null
	return (
		<section aria-label={current.label}>
			<FieldErrors messages={stray?.filter((m): m is string => typeof m === 'string')} />
			{/* Five skeleton rows while another tab's list loads. */}
			{navigation.state === 'loading' &&
			!navigation.formMethod &&
			navigation.location.pathname === '/dashboard' &&
			tabOf(navigation.location.search) !== tabOf(search) ? (
				<Skeleton label="Loading…" lines={5} />
			) : all.length === 0 ? (
				<EmptyState>{current.empty}</EmptyState>
			) : (
				<ul className="order-list">
					{all.map((row) => (
						<li key={row.id} className="order-row">
							<div>
								<a
									href={`/timeline/${row.id}`}
									data-analytics="click_to_node"
									target="_blank"
									rel="noopener"
									className="order-row__name"
								>
									{row.name}
								</a>{' '}
								{row.reference ? <span className="order-row__ref">({row.reference})</span> : null}
								<div className="order-row__event">
									{row.event ?? (tab === 'recently_viewed' ? 'No Events.' : 'No Events')}
									{row.at ? (
										<time dateTime={row.at}> · {formatEventTime(row.at, row.zone)}</time>
									) : null}
								</div>
							</div>
							{tab === 'following' ? <UnfollowForm row={row} disabled={unfollowing} /> : null}
						</li>
					))}
				</ul>
			)}
			{more ? (
				<LoadMore
					to={`?tab=${tab}&shown=${all.length + LIST_STEP}`}
					busy={step.state !== 'idle'}
					load={load}
				/>
			) : null}
		</section>
	)
}

/** 'Unfollow' for one row of Following; a refusal (no order named) shows under its button. */
function UnfollowForm({ row, disabled }: { row: ListRow; disabled: boolean }) {
	const reply = useFormReply(UNFOLLOW_INTENT)
	const mine = reply?.result.initialValue?.shipSetId === row.id ? reply.result : undefined
	const [form] = useForm({ id: `unfollow-${row.id}`, lastResult: mine })
	return (
		<Form method="post" preventScrollReset {...getFormProps(form)}>
			<input type="hidden" name="intent" value={UNFOLLOW_INTENT} />
			<input type="hidden" name="shipSetId" value={row.id} />
			<Button size="small" type="submit" disabled={disabled} aria-label={`Unfollow ${row.name}`}>
				Unfollow
			</Button>
			<FieldErrors messages={form.allErrors ? Object.values(form.allErrors).flat() : null} />
		</Form>
	)
}

/**
 * 'Load more': a link to the longer list (URL state, without JavaScript); with it, a click or the
 * link scrolled into view (debounced 600 ms, 001 §4) loads the next rows in place instead.
 */
function LoadMore({ to, busy, load }: { to: string; busy: boolean; load: () => void }) {
	const ref = useRef<HTMLAnchorElement>(null)
	useEffect(() => {
		const el = ref.current
		if (!el || busy || typeof IntersectionObserver === 'undefined') return
		let timer: ReturnType<typeof setTimeout> | undefined
		const observer = new IntersectionObserver((entries) => {
			clearTimeout(timer)
			if (entries.some((e) => e.isIntersecting)) timer = setTimeout(load, 600)
		})
		observer.observe(el)
		return () => {
			clearTimeout(timer)
			observer.disconnect()
		}
	}, [to, busy, load])
	return (
		<p className="load-more">
			<Link
				ref={ref}
				to={to}
				replace
				preventScrollReset
				aria-busy={busy}
				onClick={(event) => {
					event.preventDefault()
					if (!busy) load()
				}}
			>
				{busy ? 'Loading…' : 'Load more'}
			</Link>
		</p>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

/** The tab a dashboard URL's query names (none: the default tab). */
function tabOf(search: string): string | null {
	return new URLSearchParams(search).get('tab')
}
