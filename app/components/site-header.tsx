import { hasShellAccess, SUPPLY_CHAIN_ADMIN_PERMISSION } from '#shared/permissions'
import { Button } from '~/components/ui/button'
import { Form, Link, NavLink } from 'react-router'
import { APP_NAME } from '~/lib/shell-texts'
import { appMenu, type AppIdentity } from '~/lib/shell'
import { Icon } from '~/components/ui/icon'

interface HeaderUser {
	email: string
	givenName: string | null
	permissions: string[]
	subscribedServices: string[]
	/** The supply chain's name and its mark (organizationMark: null draws the generic placeholder). */
	organization?: string
	organizationMark?: string | null
}

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
	const entries = user ? appMenu(user) : []
	// The brand leads home: the tracker, or the dashboard unless this user may not open it (/403).
	const home =
		identity === 'Order Tracker'
			? '/tracking'
			: user && !hasShellAccess(user.permissions)
				? null
				: '/dashboard'
	const brand = (
		<>
			<svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
				<path d="M16 3c-5 0-9 3.9-9 8.8C7 18.5 16 29 16 29s9-10.5 9-17.2C25 6.9 21 3 16 3Zm0 12.3a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z" />
			</svg>
			<span>
				{APP_NAME} <span className="brand__app">{identity}</span>
			</span>
		</>
	)
	return (
		<header className="site-header">
			<div className="container site-header__inner">
				{home ? (
					<Link to={home} className="brand">
						{brand}
					</Link>
				) : (
					<span className="brand">{brand}</span>
				)}
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
						{entries.length > 0 ? (
							<details className="menu">
								<summary>
									<Icon name="menu" /> Apps
								</summary>
								<ul>
									{entries.map((e) => (
										<li key={e.label}>
											<NavLink to={e.to} end>
												{e.label}
											</NavLink>
										</li>
									))}
								</ul>
							</details>
						) : null}
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
								{hasShellAccess(user.permissions) &&
								user.permissions.includes(SUPPLY_CHAIN_ADMIN_PERMISSION) ? (
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
