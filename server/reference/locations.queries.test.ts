import { describe, expect, it } from 'vitest'
import { buildLocationTree } from './locations.queries'

// 000 §3: "origin and destination location trees (each entry gets a type field for its level)"
describe('buildLocationTree', () => {
	it('nests cities under states under countries, sorted by name, each with its level', () => {
		const tree = buildLocationTree([
			{ country: 'US', state: 'TX', city: 'Austin' },
			{ country: 'US', state: 'CA', city: 'San Jose' },
			{ country: 'US', state: 'CA', city: 'Fresno' },
			{ country: 'DE', state: 'BE', city: 'Berlin' },
			{ country: 'US', state: 'CA', city: 'Fresno' },
		])
		expect(tree.map((c) => c.name)).toEqual(['DE', 'US'])
		const us = tree[1]!
		expect(us).toMatchObject({ id: 'country:US', type: 'country' })
		expect(us.children.map((s) => [s.name, s.type])).toEqual([
			['CA', 'state'],
			['TX', 'state'],
		])
		expect(us.children[0]!.children.map((c) => [c.id, c.type])).toEqual([
			['city:US/CA/Fresno', 'city'],
			['city:US/CA/San Jose', 'city'],
		])
	})
	it('skips places without a country and stops at the first missing level', () => {
		const tree = buildLocationTree([
			{ country: null, state: 'CA', city: 'X' },
			{ country: 'MX', state: null, city: 'Y' },
		])
		expect(tree).toEqual([{ id: 'country:MX', name: 'MX', type: 'country', children: [] }])
	})
})
