import { describe, expect, it } from 'vitest'
import { camelize, camelCaseKey, mergeIncluded } from './camelize'

// 000 §7: "Responses are converted to camelCase keys and relationship records
// listed under an 'included' section are merged into their records."
describe('camelize', () => {
	it('converts keys deeply, leaving values alone', () => {
		expect(
			camelize({
				ship_set_id: 'a_b',
				nodes: [{ building_type: 'DC', last_event_at: null }],
				total_count: 2,
			}),
		).toEqual({
			shipSetId: 'a_b',
			nodes: [{ buildingType: 'DC', lastEventAt: null }],
			totalCount: 2,
		})
	})
	it('handles digits and repeated underscores', () => {
		expect(camelCaseKey('line_1')).toBe('line1')
		expect(camelCaseKey('street__2')).toBe('street2')
		expect(camelCaseKey('already')).toBe('already')
	})
})

describe('mergeIncluded', () => {
	it('merges included records into their references and drops included', () => {
		const body = {
			data: { id: '1', comments: [{ id: 'c1', user: { type: 'user', id: 'u1' } }] },
			included: [{ type: 'user', id: 'u1', attributes: { first_name: 'Olivia' } }],
		}
		expect(mergeIncluded(body)).toEqual({
			data: {
				id: '1',
				comments: [{ id: 'c1', user: { type: 'user', id: 'u1', first_name: 'Olivia' } }],
			},
		})
	})
	it('leaves a reference without an included record as it is', () => {
		const body = { data: { owner: { type: 'user', id: 'u9' } }, included: [] }
		expect(mergeIncluded(body)).toEqual({ data: { owner: { type: 'user', id: 'u9' } } })
	})
	it('returns a body without included unchanged', () => {
		const body = { a: 1 }
		expect(mergeIncluded(body)).toBe(body)
	})
})
