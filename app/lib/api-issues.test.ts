import { describe, expect, it } from 'vitest'
import { formErrorsOf } from './api-issues'

describe('formErrorsOf: the API refusal under the form’s fields', () => {
	const fields = {
		'shipment.carrier_id': 'carrier_id',
		'shipment.tracking_number': 'tracking_number',
		'shipment.references': 'references',
	}

	it('puts each issue under the field its path names, by the nearest mapped parent', () => {
		const refusal = {
			message:
				'shipment.carrier_id: Carrier is required; shipment.references.0.value: A reference is at most 100 characters',
			issues: [
				{ path: 'shipment.carrier_id', message: 'Carrier is required' },
				{ path: 'shipment.references.0.value', message: 'A reference is at most 100 characters' },
			],
		}
		expect(formErrorsOf(refusal, fields)).toEqual({
			fieldErrors: {
				carrier_id: ['Carrier is required'],
				references: ['A reference is at most 100 characters'],
			},
			formErrors: [],
		})
	})

	it('keeps what no field shows for the whole form: an unmapped path, or a refusal without issues', () => {
		expect(
			formErrorsOf(
				{ message: 'x', issues: [{ path: 'shipment.final_mile', message: 'Expected boolean' }] },
				fields,
			),
		).toEqual({
			fieldErrors: {},
			formErrors: ['Expected boolean'],
		})
		expect(formErrorsOf({ message: 'Order SO-9 was not found.', issues: [] }, fields)).toEqual({
			fieldErrors: {},
			formErrors: ['Order SO-9 was not found.'],
		})
	})
})
