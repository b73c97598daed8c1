import { describe, expect, it } from 'vitest'
import { layoutRereads, partKey } from './parts'

describe('a link re-reads only what it shows (layoutRereads)', () => {
	const at = (query: string, path = '/timeline/a') => new URL(`http://x${path}${query}`)
	it('opening the Comments tab, or paging it, does not read the page again', () => {
		expect(layoutRereads(at('?nodeId=n'), at('?nodeId=n&tab=comments'))).toBe(false)
		expect(layoutRereads(at('?tab=comments'), at('?tab=comments&comments_page=2'))).toBe(false)
		expect(layoutRereads(at('?tab=comments'), at('?tab=photos'))).toBe(false)
	})
	it('the Tracker tab, another parameter, another order or the same URL again read the page', () => {
		expect(layoutRereads(at('?tab=comments'), at('?tab=tracker'))).toBe(true)
		expect(layoutRereads(at('?tab=comments'), at('?tab=comments&nodeId=m'))).toBe(true)
		expect(layoutRereads(at('?documents_page=1'), at('?documents_page=2'))).toBe(true)
		expect(layoutRereads(at('?tab=comments'), at('?tab=comments', '/timeline/b'))).toBe(true)
		expect(layoutRereads(at('?tab=comments'), at('?tab=comments'))).toBe(true)
	})
})

describe('a part read of its own', () => {
	const at = (query: string) => new URL(`http://x/timeline/a${query}`)
	it('opening or paging Historical Logs, switching its time zone, or opening Shipment Details does not read the page again', () => {
		expect(layoutRereads(at('?nodeId=n'), at('?nodeId=n&logs=1'))).toBe(false)
		expect(layoutRereads(at('?logs=1'), at('?logs=1&logs_page=2'))).toBe(false)
		expect(layoutRereads(at('?logs=1'), at('?logs=1&tz=local'))).toBe(false)
		expect(layoutRereads(at('?nodeId=n'), at('?nodeId=n&shipment=s'))).toBe(false)
	})
	it('a part is the same read when its parameters are', () => {
		expect(partKey('logs', new URLSearchParams('logs=1&tz=local'))).toBe(
			partKey('logs', new URLSearchParams('logs=1&nodeId=n')),
		)
		expect(partKey('logs', new URLSearchParams('logs=1&logs_page=2'))).not.toBe(
			partKey('logs', new URLSearchParams('logs=1')),
		)
		expect(partKey('shipments', new URLSearchParams('shipment=s'))).not.toBe(
			partKey('shipments', new URLSearchParams('shipment=t')),
		)
	})
})
