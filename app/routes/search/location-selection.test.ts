import { describe, expect, it } from 'vitest'
import { checkState, toggleNode, visibleIds, type TreeNode } from './location-selection'

const TREE: TreeNode[] = [
	{
		id: 'country:US',
		name: 'United States',
		children: [
			{
				id: 'state:US/TX',
				name: 'Texas',
				children: [
					{ id: 'city:US/TX/Austin', name: 'Austin' },
					{ id: 'city:US/TX/Dallas', name: 'Dallas' },
				],
			},
			{
				id: 'state:US/KY',
				name: 'Kentucky',
				children: [{ id: 'city:US/KY/Louisville', name: 'Louisville' }],
			},
		],
	},
	{
		id: 'country:CH',
		name: 'Switzerland',
		children: [
			{
				id: 'state:CH/ZH',
				name: 'Zürich',
				children: [{ id: 'city:CH/ZH/Zürich', name: 'Zürich' }],
			},
		],
	},
]
const sorted = (s: Set<string>) => [...s].sort()
const toggle = (chosen: string[], id: string) => sorted(toggleNode(TREE, new Set(chosen), id))

describe('checkState', () => {
	it('is checked for a chosen node and everything under it', () => {
		const chosen = new Set(['state:US/TX'])
		expect(checkState(TREE, chosen, 'state:US/TX')).toBe('checked')
		expect(checkState(TREE, chosen, 'city:US/TX/Dallas')).toBe('checked')
	})
	it('is mixed above a chosen node, unchecked elsewhere', () => {
		const chosen = new Set(['city:US/TX/Austin'])
		expect(checkState(TREE, chosen, 'state:US/TX')).toBe('mixed')
		expect(checkState(TREE, chosen, 'country:US')).toBe('mixed')
		expect(checkState(TREE, chosen, 'state:US/KY')).toBe('unchecked')
		expect(checkState(TREE, chosen, 'country:CH')).toBe('unchecked')
	})
	it('is unchecked for an id not in the tree', () => {
		expect(checkState(TREE, new Set(['country:US']), 'city:FR/x/y')).toBe('unchecked')
	})
})

describe('toggleNode', () => {
	it('ticks a node alone, and a parent replaces what was chosen under it', () => {
		expect(toggle([], 'city:US/TX/Austin')).toEqual(['city:US/TX/Austin'])
		expect(toggle(['city:US/TX/Austin'], 'state:US/TX')).toEqual(['state:US/TX'])
	})
	it('ticking a mixed node chooses all of it', () => {
		expect(toggle(['city:US/TX/Austin', 'country:CH'], 'country:US')).toEqual([
			'country:CH',
			'country:US',
		])
	})
	it('chooses the parent once all its children are chosen, up the tree', () => {
		expect(toggle(['city:US/TX/Austin'], 'city:US/TX/Dallas')).toEqual(['state:US/TX'])
		expect(toggle(['state:US/TX'], 'city:US/KY/Louisville')).toEqual(['country:US'])
	})
	it('unticks a chosen node', () => {
		expect(toggle(['state:US/TX', 'country:CH'], 'state:US/TX')).toEqual(['country:CH'])
	})
	it('unticking under a chosen ancestor keeps the rest of it, level by level', () => {
		expect(toggle(['country:US'], 'city:US/TX/Austin')).toEqual([
			'city:US/TX/Dallas',
			'state:US/KY',
		])
		expect(toggle(['state:US/TX'], 'city:US/TX/Dallas')).toEqual(['city:US/TX/Austin'])
	})
	it('a round trip comes back to where it started', () => {
		const once = toggleNode(TREE, new Set(['country:US']), 'city:US/KY/Louisville')
		expect(sorted(toggleNode(TREE, once, 'city:US/KY/Louisville'))).toEqual(['country:US'])
	})
	it('ignores an id not in the tree', () => {
		expect(toggle(['country:CH'], 'city:FR/x/y')).toEqual(['country:CH'])
	})
})

describe('visibleIds', () => {
	it('is null without a filter', () => {
		expect(visibleIds(TREE, '  ')).toBeNull()
	})
	it('shows a match with its ancestors and everything under it', () => {
		expect(sorted(visibleIds(TREE, 'dall')!)).toEqual([
			'city:US/TX/Dallas',
			'country:US',
			'state:US/TX',
		])
		expect(sorted(visibleIds(TREE, 'TEXAS')!)).toEqual([
			'city:US/TX/Austin',
			'city:US/TX/Dallas',
			'country:US',
			'state:US/TX',
		])
	})
	it('ignores accents and finds nothing for text no name holds', () => {
		expect(sorted(visibleIds(TREE, 'zurich')!)).toEqual([
			'city:CH/ZH/Zürich',
			'country:CH',
			'state:CH/ZH',
		])
		expect(visibleIds(TREE, 'paris')!.size).toBe(0)
	})
})
