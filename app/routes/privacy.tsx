import type { Route } from './+types/privacy'
import { pageTitle, shellTexts } from '~/lib/shell-texts'

/** /privacy: linked from the footer. The policy text itself is not part of the spec. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(shellTexts.privacyPolicy) }]

export default function Privacy() {
	return (
		<article className="prose">
			<h1>{shellTexts.privacyPolicy}</h1>
			<p>
				Waymark keeps the order, shipment and account data your organization shares with it to show
				you where your orders are. Please contact your account manager for the full policy.
			</p>
		</article>
	)
}
