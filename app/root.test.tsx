import { describe, expect, it } from 'vitest'
import { shouldRevalidate } from './root'

const url = (s: string) => new URL(s, 'http://waymark.test')
const reads = (from: string, to: string, formMethod?: 'GET' | 'POST') =>
	shouldRevalidate({
		currentUrl: url(from),
		nextUrl: url(to),
		currentParams: {},
		nextParams: {},
		formMethod,
		defaultShouldRevalidate: true,
	})

describe("the shell's shouldRevalidate", () => {
	it('does not read the shell again for a GET that changes only the query of the same path', () => {
		expect(reads('/timeline/a?tab=calendar', '/timeline/a?tab=comments')).toBe(false)
		expect(reads('/dashboard/new', '/dashboard/new?ov_months=3', 'GET')).toBe(false)
		expect(reads('/dashboard/old?breach_page=1', '/dashboard/old')).toBe(false)
	})
	it('reads it for another path, the same URL again, a submission, or a change of guest mode', () => {
		expect(reads('/dashboard', '/dashboard/old')).toBe(true)
		expect(reads('/dashboard?tab=following', '/dashboard?tab=following')).toBe(true)
		expect(reads('/dashboard?tab=following', '/dashboard?tab=following&x=1', 'POST')).toBe(true)
		expect(reads('/timeline/a', '/timeline/a?type=guest&token=t')).toBe(true)
	})
})
