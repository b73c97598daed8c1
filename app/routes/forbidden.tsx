import { data } from 'react-router'
import type { Route } from './+types/forbidden'
import { ForbiddenMessage } from '~/components/status-messages'
import { pageTitle, shellTexts } from '~/lib/shell-texts'

/** /403: 'Restricted Page', answered with status 403 (000 section 2). */
export function loader() {
	return data(null, { status: 403 })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle(shellTexts.forbiddenTitle) }]

export default function Forbidden() {
	return <ForbiddenMessage />
}
