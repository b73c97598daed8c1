import { redirect } from 'react-router'

/** "Unknown paths under /tracking redirect to /404" (000 section 2), e.g. /tracking/a/b/c/d. */
export function loader() {
	throw redirect('/404')
}
