/**
 * A background loop of the process (the outbox sender, the news-out worker): runs `tick`, then
 * waits what `next` says of its result (0: go on at once) or, after a failure, what `onError`
 * says; `stop()` ends the loop and waits for a tick in flight (SIGTERM).
 */
export function createPoller<T>(
	tick: () => Promise<T>,
	next: (result: T) => number,
	onError: (error: unknown) => number,
) {
	let timer: ReturnType<typeof setTimeout> | null = null
	let running: Promise<unknown> | null = null
	let stopped = true

	function schedule(delay: number) {
		if (stopped) return
		timer = setTimeout(() => {
			timer = null
			running = tick()
				.then(next, onError)
				.then((wait) => {
					running = null
					schedule(wait)
				})
		}, delay)
	}

	return {
		/** Starts the loop (the first tick right away). */
		start() {
			if (!stopped) return
			stopped = false
			schedule(0)
		},
		async stop() {
			stopped = true
			if (timer) clearTimeout(timer)
			timer = null
			await running
		},
	}
}
