import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { NotFoundMessage } from '~/components/status-messages'
import { pageTitle } from '~/lib/shell-texts'

/** /404, answered with status 404 (000 section 2). Other unknown URLs: catch-all.tsx. */
export function loader() {
	return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Page not found') }]

export default function NotFound() {
	return <NotFoundMessage />
}
