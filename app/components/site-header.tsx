import { Link } from 'react-router'
import { APP_NAME } from '~/lib/shell-texts'

/**
 * The header bar. The number-search box, app menu and user menu (000 section 2,
 * Header and footer) arrive with the issues that build them.
 */
export function SiteHeader() {
	return (
		<header className="site-header">
			<div className="container site-header__inner">
				<Link to="/dashboard" className="brand">
					<svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
						<path d="M16 3c-5 0-9 3.9-9 8.8C7 18.5 16 29 16 29s9-10.5 9-17.2C25 6.9 21 3 16 3Zm0 12.3a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z" />
					</svg>
					<span>{APP_NAME}</span>
				</Link>
			</div>
		</header>
	)
}
