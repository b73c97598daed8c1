import type { ReactNode } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import type { Route } from './+types/root'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useNonce } from '~/components/nonce-provider'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { APP_NAME } from '~/lib/shell-texts'
import appStylesHref from '~/styles/app.css?url'

export const links: Route.LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'stylesheet', href: appStylesHref },
]

export const meta: Route.MetaFunction = () => [{ title: APP_NAME }]

/**
 * The HTML document and the shell around every page, the error boundary's included.
 * Every inline script carries the request's CSP nonce (see entry.server.tsx).
 */
export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
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
				<SiteHeader />
				<main id="main" className="container site-main" tabIndex={-1}>
					{children}
				</main>
				<SiteFooter />
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
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
