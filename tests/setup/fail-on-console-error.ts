import { afterEach, vi } from 'vitest'

// A console error fails the test that caused it (CONVENTIONS.md habit 9).
const errors: unknown[][] = []
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
	errors.push(args)
})
afterEach(() => {
	if (errors.length === 0) return
	const first = errors.map((a) => a.map(String).join(' ')).join('\n')
	errors.length = 0
	throw new Error(`console.error was called:\n${first}`)
})
