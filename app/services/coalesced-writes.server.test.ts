import { describe, expect, it } from 'vitest'
import { coalescedWrites } from './coalesced-writes.server'

/** Collects what comes out of the stream, chunk by chunk. */
function collect(stream: NodeJS.ReadableStream) {
	const out: string[] = []
	stream.on('data', (chunk: Buffer) => out.push(chunk.toString()))
	return out
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('coalescedWrites', () => {
	it('joins the writes of one turn into one chunk, in order', async () => {
		const stream = coalescedWrites()
		const out = collect(stream)
		for (const part of ['<html>', '<body>', 'é', '</body>']) stream.write(Buffer.from(part))
		expect(out).toEqual([])
		await nextTurn()
		expect(out).toEqual(['<html><body>é</body>'])
	})

	it('still streams: a part written after a pause goes out on its own', async () => {
		const stream = coalescedWrites()
		const out = collect(stream)
		stream.write(Buffer.from('shell'))
		await nextTurn()
		stream.write(Buffer.from('suspended part'))
		await nextTurn()
		expect(out).toEqual(['shell', 'suspended part'])
	})

	it('sends what is held at the end, then calls onFinal once', async () => {
		let finals = 0
		const stream = coalescedWrites(() => finals++)
		const out = collect(stream)
		const ended = new Promise((resolve) => stream.on('end', resolve))
		stream.write(Buffer.from('last'))
		stream.end()
		await ended
		expect(out).toEqual(['last'])
		expect(finals).toBe(1)
	})
})
