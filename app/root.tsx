import type { ReactNode } from 'react'
import {
	data,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useMatches,
	useRouteLoaderData,
	type ShouldRevalidateFunction,
} from 'react-router'
import type { Route } from './+types/root'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useNonce } from '~/components/nonce-provider'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { Toaster, type ToastView } from '~/components/toaster'
import { appIdentity, isGuestMode, showsHeaderSearch, usesWideGrid } from '~/lib/shell'
import { getUser } from '~/services/auth/session.server'
import { loadToggles } from '~/services/toggles.server'
import { readToast } from '~/services/toast.server'
import { APP_NAME } from '~/lib/shell-texts'
import { organizationMark } from '~/lib/organization-mark'
import appStylesHref from '~/styles/app.css?url'
import {
	ScriptsAfterFirstPaint,
	wantsScriptsAfterFirstPaint,
} from '~/components/scripts-after-first-paint'

export const links: Route.LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'stylesheet', href: appStylesHref },
]

export const meta: Route.MetaFunction = () => [{ title: APP_NAME }]

/**
 * The shell's data: who is signed in (for the header), the order-tracker
 * toggle (for the application identity) and the flash toast of the last action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const guest = isGuestMode(request.url)
	const session = guest ? null : await getUser(request, context)
	const user = session && session.expiresAt > Date.now() ? session : null
	const { toast, headers } = await readToast(context, request)
	const toggles = await loadToggles(context, user?.profile.account).catch((error: unknown) => {
		context.log.warn({ err: error }, 'toggles failed')
		return null
	})
	return data(
		{
			user: user
				? {
						email: user.profile.email,
						givenName: user.profile.given_name,
						permissions: user.profile.permissions,
						subscribedServices: user.profile.subscribed_services,
						organization: user.profile.account_name || user.profile.account,
						organizationMark: organizationMark(
							user.profile.account_name || user.profile.account,
							toggles?.demoOrganizationIconFix ?? false,
						),
					}
				: null,
			orderTracker: toggles?.orderTracker ?? false,
			toast: toast ?? null,
		},
		{ headers },
	)
}

/**
 * The shell's data (the session's user, the toggles, the flash toast) does not depend on the
 * query string, but for guest mode: a GET navigation that changes only the query on the same
 * path does not read it again, whatever the page does (a timeline tab, a dashboard card's filter,
 * a breach list's page, each read by its own route). A submission, a reload or another path does.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
	currentUrl,
	nextUrl,
	formMethod,
	defaultShouldRevalidate,
}) => {
	const get = !formMethod || formMethod.toUpperCase() === 'GET'
	const queryOnly = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
	if (get && queryOnly && isGuestMode(currentUrl.href) === isGuestMode(nextUrl.href)) return false
	return defaultShouldRevalidate
}

/**
 * The HTML document and the shell around every page, the error boundary's included.
 * Every inline script carries the request's CSP nonce (see entry.server.tsx).
 */
export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	// The public tracker's pages (opened on slow phones) fetch their modules after the first paint (ADR 0032).
	const afterFirstPaint = useMatches().some((m) => wantsScriptsAfterFirstPaint(m.handle))
	const wideGrid = usesWideGrid(useLocation().pathname)
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body>
				<a className="skip-link" href="#main">
					Skip to content
				</a>
				<Shell />
				<main
					id="main"
					className={`container site-main${wideGrid ? ' container--wide' : ''}`}
					tabIndex={-1}
				>
					{children}
				</main>
				<SiteFooter />
				<RouteToasts />
				<ScrollRestoration nonce={nonce} />
				{afterFirstPaint ? <ScriptsAfterFirstPaint nonce={nonce} /> : <Scripts nonce={nonce} />}
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

function Shell() {
	const root = useRouteLoaderData<typeof loader>('root')
	const { pathname } = useLocation()
	const user = root?.user ?? null
	return (
		<SiteHeader
			identity={appIdentity(pathname, root?.orderTracker ?? false)}
			user={user}
			showSearch={!!user && showsHeaderSearch(user.permissions, pathname)}
		/>
	)
}

/** One toast region for the flash toast and any toast a route's loader returns. */
function RouteToasts() {
	const matches = useMatches()
	const list = matches.map(
		(m) => (m.data as { toast?: ToastView | null } | undefined)?.toast ?? null,
	)
	return <Toaster toasts={list} />
}
