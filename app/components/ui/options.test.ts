import { describe, expect, it } from 'vitest'
import { filterOptions } from './options'

const carriers = ['UPS', 'FedEx', 'USPS', 'FedEx Express', 'Zürich Freight'].map((label, i) => ({
	value: String(i),
	label,
}))
const labels = (query: string) => filterOptions(carriers, query).map((o) => o.label)

describe('filterOptions', () => {
	it('keeps every option, in order, for an empty or blank query', () => {
		expect(labels('')).toEqual(carriers.map((c) => c.label))
		expect(labels('   ')).toEqual(carriers.map((c) => c.label))
	})
	it('matches anywhere in the label, ignoring case and surrounding spaces', () => {
		expect(labels('fedex')).toEqual(['FedEx', 'FedEx Express'])
		expect(labels(' EXPRESS ')).toEqual(['FedEx Express'])
		expect(labels('ups')).toEqual(['UPS'])
		expect(labels('sps')).toEqual(['USPS'])
	})
	it('ignores accents both ways', () => {
		expect(labels('zurich')).toEqual(['Zürich Freight'])
		expect(labels('ZÜR')).toEqual(['Zürich Freight'])
	})
	it('finds nothing for text no label holds', () => {
		expect(labels('maersk')).toEqual([])
	})
})
