import { SUPPLY_CHAIN_ADMIN_PERMISSION } from '#shared/permissions'
import { Button } from '~/components/ui/button'
import { Form, Link, NavLink } from 'react-router'
import { APP_NAME } from '~/lib/shell-texts'
import type { AppIdentity } from '~/lib/shell'
import { Icon } from '~/components/ui/icon'

interface HeaderUser {
	email: string
	givenName: string | null
	permissions: string[]
	/** The supply chain's name and its mark (organizationMark: null draws the generic placeholder). */
	organization?: string
	organizationMark?: string | null
}

interface MenuEntry {
	label: string
	to?: string
	/** Shown only with one of these permissions (none listed: everyone). */
	needs?: string[]
}

/**
 * "App menu entries: Accounts, Analytics, Enterprise, Multi View, Order Verifier,
 * Tracker, Notifications, Freight Payment, Advanced Search." Entries that are
 * separate applications, not part of this product, are listed without a link.
 */
const MENU: MenuEntry[] = [
	{ label: 'Accounts', needs: ['AUTH.MANAGE_INVITATIONS'] },
	{ label: 'Analytics', to: '/analytics', needs: ['CORE.ANALYTICS'] },
	{ label: 'Enterprise', to: '/dashboard' },
	{ label: 'Multi View', needs: ['MULTIVIEW.SEARCH_ORDERS', 'MULTIVIEW.UPLOAD_ORDERS'] },
	{ label: 'Order Verifier' },
	{ label: 'Tracker', needs: ['TRACKER.DEFAULT'] },
	{ label: 'Notifications' },
	{ label: 'Webhooks', to: '/settings/webhooks', needs: ['CORE.UPDATE_SUPPLY_CHAIN_SETTINGS'] },
	{ label: 'Freight Payment' },
	{ label: 'Advanced Search', to: '/advanced_search' },
]

/**
 * The header: the application's identity, the number search (000 §2), the app
 * menu and the user's sign-out. Plain forms and a <details> menu: all of it
 * works without JavaScript.
 */
export function SiteHeader({
	identity,
	user,
	showSearch,
}: {
	identity: AppIdentity
	user: HeaderUser | null
	showSearch: boolean
}) {
	const entries = user
		? MENU.filter((e) => !e.needs || e.needs.some((p) => user.permissions.includes(p)))
		: []
	return (
		<header className="site-header">
			<div className="container site-header__inner">
				<Link to={identity === 'Order Tracker' ? '/tracking' : '/dashboard'} className="brand">
					<svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
						<path d="M16 3c-5 0-9 3.9-9 8.8C7 18.5 16 29 16 29s9-10.5 9-17.2C25 6.9 21 3 16 3Zm0 12.3a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z" />
					</svg>
					<span>
						{APP_NAME} <span className="brand__app">{identity}</span>
					</span>
				</Link>
				{user && showSearch ? (
					<Form
						method="get"
						action="/advanced_search"
						role="search"
						className="header-search"
						onSubmit={trimOrIgnore}
					>
						<label htmlFor="header-search" className="visually-hidden">
							Order or reference number
						</label>
						<input
							id="header-search"
							name="qs_query_string"
							type="search"
							placeholder="Search for an order or reference number..."
							autoComplete="off"
						/>
						<Button type="submit">Search</Button>
						<Link to="/advanced_search" className="header-search__advanced">
							Advanced Search
						</Link>
					</Form>
				) : null}
				{user ? (
					<nav className="header-menus" aria-label="Applications and account">
						<details className="menu">
							<summary>
								<Icon name="menu" /> Apps
							</summary>
							<ul>
								{entries.map((e) => (
									<li key={e.label}>
										{e.to ? (
											<NavLink to={e.to}>{e.label}</NavLink>
										) : (
											<span
												className="menu__external"
												title="A separate application, not part of this installation"
											>
												{e.label}
											</span>
										)}
									</li>
								))}
							</ul>
						</details>
						<details className="menu">
							<summary>
								{user.organizationMark ? (
									<span className="org-mark" role="img" aria-label={user.organization}>
										{user.organizationMark}
									</span>
								) : (
									<Icon name="user" />
								)}{' '}
								{user.givenName || user.email}
							</summary>
							<ul>
								<li className="menu__note">{user.email}</li>
								{user.organization ? <li className="menu__note">{user.organization}</li> : null}
								{/* The settings of data in, for their permission. */}
								{user.permissions.includes(SUPPLY_CHAIN_ADMIN_PERMISSION) ? (
									<>
										<li>
											<NavLink to="/settings/api-keys">API keys</NavLink>
										</li>
										<li>
											<NavLink to="/settings/imports">Import</NavLink>
										</li>
									</>
								) : null}
								<li>
									<Form method="post" action="/logout" reloadDocument>
										<button type="submit" className="link-button">
											Sign out
										</button>
									</Form>
								</li>
							</ul>
						</details>
					</nav>
				) : null}
			</div>
		</header>
	)
}

/** "Submitting trims the text ... Empty or non-text input is ignored." (000 §5) */
function trimOrIgnore(event: React.FormEvent<HTMLFormElement>) {
	const input = event.currentTarget.elements.namedItem('qs_query_string') as HTMLInputElement | null
	if (!input) return
	input.value = input.value.trim()
	if (!input.value) event.preventDefault()
}
