import { describe, expect, it } from 'vitest'
import { hostname } from 'node:os'
import { browserOrigins, requestOrigin } from './origins'

// "With PUBLIC_URL unset, sign-in works whether the browser opened localhost,
// 127.0.0.1 or the machine's name (today 127.0.0.1:3000 fails with /login?error=callback)".
describe('the origins a browser may have typed', () => {
	it('is only PUBLIC_URL when it is set', () => {
		expect(
			browserOrigins({ publicUrl: 'https://waymark.example.com', publicUrlSet: true, PORT: 3000 }),
		).toEqual(['https://waymark.example.com'])
	})

	it('is localhost, the loopback addresses and the machine name on the port when PUBLIC_URL is unset', () => {
		const origins = browserOrigins({
			publicUrl: 'http://localhost:3000',
			publicUrlSet: false,
			PORT: 3000,
		})
		expect(origins[0]).toBe('http://localhost:3000')
		expect(origins).toEqual(
			expect.arrayContaining([
				'http://127.0.0.1:3000',
				'http://[::1]:3000',
				`http://${hostname().toLowerCase()}:3000`,
			]),
		)
		expect(new Set(origins).size).toBe(origins.length)
	})

	it('follows the request to a known origin, and falls back to the first for any other Host', () => {
		const origins = ['http://localhost:3000', 'http://127.0.0.1:3000']
		expect(requestOrigin(origins, 'http', '127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
		expect(requestOrigin(origins, 'http', 'LOCALHOST:3000')).toBe('http://localhost:3000')
		expect(requestOrigin(origins, 'http', 'evil.example:3000')).toBe('http://localhost:3000')
		expect(requestOrigin(origins, 'https', '127.0.0.1:3000')).toBe('http://localhost:3000')
		expect(requestOrigin(origins, 'http', undefined)).toBe('http://localhost:3000')
	})
})
