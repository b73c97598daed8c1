import { Transform, type TransformCallback } from 'node:stream'

/**
 * The pass-through between React's stream and the response that joins what React writes in one
 * turn of the event loop into one chunk. React writes a page in 4 KB pieces, and React Router
 * writes each piece it reads to the response and flushes it (`writeReadableStreamToWritable`):
 * behind `compression` every piece is one gzip sync flush, one job on libuv's thread pool and
 * one socket write. Joined, a page that is ready at once goes out as one chunk; a part of the
 * page that waits for its data still goes out as soon as it is rendered (the next turn,
 * `setImmediate`). ADR 0039 has the figures that keep it.
 */
export function coalescedWrites(onFinal?: () => void): Transform {
	let held: Buffer[] = []
	let scheduled: NodeJS.Immediate | undefined
	const release = (stream: Transform) => {
		if (scheduled) clearImmediate(scheduled)
		scheduled = undefined
		if (held.length === 0) return
		stream.push(held.length === 1 ? held[0] : Buffer.concat(held))
		held = []
	}
	return new Transform({
		transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
			held.push(chunk)
			scheduled ??= setImmediate(() => release(this))
			callback()
		},
		flush(callback: TransformCallback) {
			release(this)
			onFinal?.()
			callback()
		},
	})
}
