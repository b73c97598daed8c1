import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeWebStream } from 'node:stream/web'
import { assertKey, type FileStorage, type StorageBody } from './types'

/**
 * Files in a folder (default `${DATA_DIR}/uploads`). A write goes to a
 * temporary name in the same folder and is renamed into place only once
 * complete, so a reader never sees half a file and a failed write leaves
 * none behind.
 */
export function createLocalStorage(root: string): FileStorage {
	const base = path.resolve(root)
	const fileOf = (key: string) => path.join(base, ...assertKey(key).split('/'))

	return {
		kind: 'local',
		async put(key, body: StorageBody) {
			const target = fileOf(key)
			await mkdir(path.dirname(target), { recursive: true })
			const temp = `${target}.${randomUUID()}.part`
			try {
				const source =
					body instanceof Uint8Array
						? Readable.from([body])
						: Readable.fromWeb(body as NodeWebStream<Uint8Array>)
				await pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o640 }))
				await rename(temp, target)
			} catch (error) {
				await rm(temp, { force: true })
				throw error
			}
		},
		async get(key) {
			const file = fileOf(key)
			let size: number
			try {
				const info = await stat(file)
				if (!info.isFile()) return null
				size = info.size
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
				throw error
			}
			const stream = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>
			return { body: stream, size }
		},
		async delete(key) {
			await rm(fileOf(key), { force: true })
		},
		async exists(key) {
			try {
				return (await stat(fileOf(key))).isFile()
			} catch {
				return false
			}
		},
	}
}
