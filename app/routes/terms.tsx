import type { Route } from './+types/terms'
import { pageTitle, shellTexts } from '~/lib/shell-texts'

/** /terms: linked from the footer. The legal text itself is not part of the spec. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(shellTexts.termsOfService) }]

export default function Terms() {
	return (
		<article className="prose">
			<h1>{shellTexts.termsOfService}</h1>
			<p>
				Use of Waymark is governed by the agreement between your organization and its Waymark
				provider. Please contact your account manager for a copy.
			</p>
		</article>
	)
}
