import { data } from 'react-router'
import type { Route } from './+types/catch-all'
import { NotFoundMessage } from '~/components/status-messages'
import { pageTitle } from '~/lib/shell-texts'

/**
 * Any URL no other route matches: the 404 page in place (the URL stays as typed), with
 * status 404 (000 section 2: "/404 and any other unknown route").
 */
export function loader() {
	return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Page not found') }]

export default function CatchAll() {
	return <NotFoundMessage />
}
