import { describe, expect, it } from 'vitest'
import { formatAttribute } from './attributes'

describe('Order Details values (002 §5)', () => {
	it('"Custom attribute values of datetime type are shown as DD/MM/YYYY"', () => {
		expect(formatAttribute('2026-11-03T15:00:00Z', 'datetime')).toBe('03/11/2026')
		expect(formatAttribute('2026-01-09', 'date')).toBe('09/01/2026')
	})
	it('"Dates that cannot be parsed show \'N/A\'"', () => {
		expect(formatAttribute('soon', 'datetime')).toBe('N/A')
	})
	it('lists string arrays and keeps other values', () => {
		expect(formatAttribute('["a","b"]', 'string_array')).toBe('a, b')
		expect(formatAttribute('42', 'integer')).toBe('42')
	})
})
