import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import { AddShipmentFormSchema } from '~/lib/timeline/shipment-forms'
import { pageOf } from './action.server'
import { refuse } from '~/services/form.server'

const form = (entries: [string, string][]) => {
	const data = new FormData()
	for (const [k, v] of entries) data.append(k, v)
	return data
}

describe('timeline actions (CONVENTIONS habit 3: one order for every form)', () => {
	it('a refused form answers 400 with each field’s message and what was typed', () => {
		const submission = parseWithZod(
			form([
				['intent', 'shipment-add'],
				['tracking_number', 'TRK-1'],
			]),
			{ schema: AddShipmentFormSchema },
		)
		const answer = refuse(submission)
		expect(answer.init?.status).toBe(400)
		expect(answer.data.result.error?.carrier_id).toEqual(['Carrier is required'])
		expect(answer.data.result.initialValue).toMatchObject({
			intent: 'shipment-add',
			tracking_number: 'TRK-1',
		})
	})

	it('the API’s refusal is added as the form’s and fields’ errors', () => {
		const submission = parseWithZod(
			form([
				['intent', 'related-add'],
				['order_number', 'SO-0'],
			]),
			{ schema: AddShipmentFormSchema },
		)
		const answer = refuse(submission, {
			fieldErrors: { order_number: ['Order SO-0 was not found.'] },
			formErrors: ['Order SO-0 was not found.'],
		})
		expect(answer.data.result.error?.order_number).toEqual(['Order SO-0 was not found.'])
		expect(answer.data.result.error?.['']).toEqual(['Order SO-0 was not found.'])
	})

	it('a reference row added without JavaScript (Conform’s insert intent) only redraws the form: 200 with one more row', () => {
		const submission = parseWithZod(
			form([
				['intent', 'shipment-add'],
				['references[0].reference_type', 'DeliveryID'],
				['references[0].value', 'DLV-1'],
				['__intent__', JSON.stringify({ type: 'insert', payload: { name: 'references' } })],
			]),
			{ schema: AddShipmentFormSchema },
		)
		const answer = refuse(submission)
		expect(answer.init?.status).toBe(200)
		expect(answer.data.result.initialValue?.references).toHaveLength(2)
	})

	it('an action URL answers back to its page, with the page’s query', () => {
		expect(pageOf(new URL('http://x/timeline/abc/comments?tab=comments&nodeId=n'))).toBe(
			'/timeline/abc?tab=comments&nodeId=n',
		)
		expect(pageOf(new URL('http://x/timeline/abc/share'))).toBe('/timeline/abc')
	})
})
