import { describe, expect, it } from 'vitest'
import {
	shortenTagged,
	TAGGED_COMMENT_INTENT,
	TaggedCommentFormSchema,
	taggedCommentRefusal,
	taggedLink,
	taggedStatus,
} from './tagged-comments'

describe('Tagged Comments card (001 §2, §3)', () => {
	it('"Order statuses (display)": the spec\'s labels, cancelled as Canceled', () => {
		expect(taggedStatus('in_transit', null).label).toBe('In Transit')
		expect(taggedStatus('final_mile', null).label).toBe('Final Mile')
		expect(taggedStatus('cancelled', null).label).toBe('Canceled')
		expect(taggedStatus('closed', null).label).toBe('Closed')
		expect(taggedStatus('delivered', null).label).toBe('Delivered')
	})
	it('"The tagged comment card defaults the status to \'pending\'"', () => {
		expect(taggedStatus(null, null).label).toBe('Pending')
		expect(taggedStatus('something_new', null).label).toBe('Pending')
	})
	it('"a last-event type of exception marks it as exception"', () => {
		expect(taggedStatus('in_transit', 'exception').exception).toBe(true)
		expect(taggedStatus('in_transit', 'transit').exception).toBe(false)
	})
	it('"Comments longer than 150 characters are shortened"', () => {
		expect(shortenTagged([{ text: 'x'.repeat(150) }])).toBeNull()
		expect(shortenTagged([{ text: 'x'.repeat(151) }])).toEqual([{ text: 'x'.repeat(150) }])
	})
	it('"A node-level link from Tagged Comments is timeline/{shipSetId}?nodeId={nodeId}"', () => {
		expect(taggedLink('s1', 'n1')).toBe('/timeline/s1?nodeId=n1')
		expect(taggedLink('s1', null)).toBe('/timeline/s1')
	})
})

describe('A comment from a tagged-comment card (001 §8)', () => {
	const ORDER = '0b6f7a52-3f0e-4b1e-9d7a-2c1f8e5a9b10'
	const NODE = '6a0c1d2e-3f40-4b5c-8d6e-7f8091a2b3c4'
	const form = (fields: Record<string, string>) =>
		TaggedCommentFormSchema.safeParse({
			intent: TAGGED_COMMENT_INTENT,
			ship_set_id: ORDER,
			...fields,
		})

	it("posts the text on the tagged comment's order and node", () => {
		const parsed = form({ body: 'Checked', node_id: NODE, comment_id: NODE })
		expect(parsed.success && parsed.data).toMatchObject({
			body: 'Checked',
			ship_set_id: ORDER,
			node_id: NODE,
		})
		// A comment on the order itself (no node) is one too.
		const orderOnly = form({ body: 'Checked', node_id: '' })
		expect(orderOnly.success && orderOnly.data.node_id).toBeNull()
	})
	it("\"missing text toast 'Comment field is required' (title 'Comment')\"", () => {
		const parsed = form({ body: '   ' })
		expect(parsed.success).toBe(false)
		expect(parsed.error?.issues[0]?.message).toBe('Comment field is required')
		expect(taggedCommentRefusal('Comment field is required')).toEqual({
			toast: 'Comment field is required',
			field: 'this field is required',
		})
		expect(taggedCommentRefusal('Comment can be at most 500 characters')).toEqual({
			toast: 'Comment can be at most 500 characters',
			field: 'Comment can be at most 500 characters',
		})
	})
	it('needs the order', () => {
		expect(form({ body: 'x', ship_set_id: 'SO-1001' }).success).toBe(false)
	})
})
