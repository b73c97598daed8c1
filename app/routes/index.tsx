import { redirect } from 'react-router'

/** `/` → /dashboard (000 section 2). */
export function loader() {
	throw redirect('/dashboard')
}
