import { describe, expect, it } from 'vitest'
import { timelineLoadToast } from './load-toast'

describe('timeline load failure (002 §8)', () => {
	it('"toast Internal Server Error / Error fetching timeline. for 10 seconds"', () => {
		expect(timelineLoadToast()).toEqual({
			type: 'error',
			message: 'Internal Server Error',
			description: 'Error fetching timeline.',
			duration: 10_000,
		})
	})
})
