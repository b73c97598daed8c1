import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPoller } from './poller'

afterEach(() => vi.useRealTimers())

describe('createPoller', () => {
	it('ticks at once on start, then after the delay its result asks for; a failure waits what onError says', async () => {
		vi.useFakeTimers()
		const results = [0, 1000, 'fail', 60_000]
		const calls: number[] = []
		const poller = createPoller(
			async () => {
				calls.push(Date.now())
				const r = results.shift()
				if (r === 'fail') throw new Error('down')
				return r as number
			},
			(wait) => wait,
			() => 5000,
		)
		poller.start()
		// The first tick at once, and (its result 0) the second right after it.
		await vi.advanceTimersByTimeAsync(1)
		expect(calls).toHaveLength(2)
		// The second asked for 1000 ms.
		await vi.advanceTimersByTimeAsync(998)
		expect(calls).toHaveLength(2)
		await vi.advanceTimersByTimeAsync(2)
		expect(calls).toHaveLength(3)
		// The third failed: 5000 ms.
		await vi.advanceTimersByTimeAsync(4990)
		expect(calls).toHaveLength(3)
		await vi.advanceTimersByTimeAsync(20)
		expect(calls).toHaveLength(4)
		await poller.stop()
	})

	it('stop waits for the tick in flight and ticks no more', async () => {
		let finish!: () => void
		let ticks = 0
		const poller = createPoller(
			() => {
				ticks++
				return new Promise<number>((resolve) => (finish = () => resolve(0)))
			},
			(wait) => wait,
			() => 0,
		)
		poller.start()
		await new Promise((r) => setTimeout(r, 5))
		let stopped = false
		const stopping = poller.stop().then(() => (stopped = true))
		await new Promise((r) => setTimeout(r, 5))
		expect(stopped).toBe(false)
		finish()
		await stopping
		await new Promise((r) => setTimeout(r, 5))
		expect(ticks).toBe(1)
	})
})
