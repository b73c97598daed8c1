import { describe, expect, it } from 'vitest'
import type { AppLoadContext } from 'react-router'
import { oncePerRequest } from './per-request.server'

describe('oncePerRequest', () => {
	it('loads once per request and key; the next request loads again', async () => {
		let loads = 0
		const load = async () => ++loads
		const page = {} as AppLoadContext
		expect(
			await Promise.all([oncePerRequest(page, 'a', load), oncePerRequest(page, 'a', load)]),
		).toEqual([1, 1])
		expect(await oncePerRequest(page, 'b', load)).toBe(2)
		expect(await oncePerRequest({} as AppLoadContext, 'a', load)).toBe(3)
	})
})
