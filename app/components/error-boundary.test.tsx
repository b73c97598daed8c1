import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub, data } from 'react-router'
import { describe, expect, it } from 'vitest'
import { GeneralErrorBoundary, statusPageTitle } from './error-boundary'

/** The boundary as a route renders it after its loader or action threw `data(null, { status })`. */
function page(status: number, statusText?: string) {
	const Stub = createRoutesStub([
		{ id: 'page', path: '/', Component: () => null, ErrorBoundary: () => <GeneralErrorBoundary /> },
	])
	const error = data(null, { status, statusText })
	return renderToStaticMarkup(
		<Stub
			hydrationData={{
				errors: {
					page: { status, statusText: statusText ?? '', internal: false, data: error.data },
				},
			}}
		/>,
	)
}

describe('a status page titles what happened (issue 45, door 6)', () => {
	it('a refused request is not an "Internal Server Error"', () => {
		expect(statusPageTitle(405, 'Method Not Allowed')).toBe('Method Not Allowed')
		expect(statusPageTitle(413)).toBe('Content Too Large')
		expect(statusPageTitle(400)).toBe('Bad Request')
		expect(statusPageTitle(418)).toBe('Request Refused')
		expect(statusPageTitle(500)).toBe('Internal Server Error')
		expect(statusPageTitle(503, 'Service Unavailable')).toBe('Internal Server Error')
	})

	it('renders the title as the page heading', () => {
		expect(page(413)).toContain('<h1 id="status-heading">Content Too Large</h1>')
		expect(page(400)).not.toContain('Internal Server Error')
		expect(page(500)).toContain('<h1 id="status-heading">Internal Server Error</h1>')
	})
})
