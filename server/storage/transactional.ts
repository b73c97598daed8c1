import type { FileStorage } from './types'

export interface PendingFile {
	key: string
	bytes: Uint8Array
	contentType: string
}

/**
 * Stores the files, then runs `record` (the database transaction that inserts
 * their rows). Nothing is left half-written: if a file cannot be stored, the
 * ones already stored are removed and no row is written; if `record` fails,
 * every stored file is removed again. So there is never a row without its
 * file, nor a file without its row.
 */
export async function storeThenRecord<T>(storage: FileStorage, files: readonly PendingFile[], record: () => Promise<T>): Promise<T> {
	const stored: string[] = []
	const undo = () => Promise.allSettled(stored.map((key) => storage.delete(key)))
	try {
		for (const file of files) {
			await storage.put(file.key, file.bytes, { contentType: file.contentType })
			stored.push(file.key)
		}
		return await record()
	} catch (error) {
		await undo()
		throw error
	}
}
