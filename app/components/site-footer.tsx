import { Link } from 'react-router'
import { shellTexts } from '~/lib/shell-texts'

/** Footer: copyright plus links to Terms of Service and Privacy Policy (000 section 2). */
export function SiteFooter() {
	return (
		<footer className="site-footer">
			<div className="container site-footer__inner">
				<p>{shellTexts.copyright}</p>
				<nav aria-label="Legal">
					<ul>
						<li>
							<Link to="/terms">{shellTexts.termsOfService}</Link>
						</li>
						<li>
							<Link to="/privacy">{shellTexts.privacyPolicy}</Link>
						</li>
					</ul>
				</nav>
			</div>
		</footer>
	)
}
