/**
 * Where file bytes live (docs/architecture.md rule 7, "files"): the database holds
 * only rows that point at a storage key. Two backends implement this: a folder
 * under DATA_DIR (the default) and S3-compatible object storage.
 */
export type StorageBody = Uint8Array | ReadableStream<Uint8Array>

export interface StoredFile {
	body: ReadableStream<Uint8Array>
	/** Bytes, when the backend knows them up front. */
	size: number | null
}

export interface FileStorage {
	/** Which backend, for logs and the readiness answer. */
	readonly kind: 'local' | 's3'
	/** Writes the whole body under `key`; a failed write leaves nothing under `key`. */
	put(key: string, body: StorageBody, opts: { contentType: string }): Promise<void>
	/** The bytes under `key` as a stream, or null when there are none. */
	get(key: string): Promise<StoredFile | null>
	/** Removes `key`; removing a key that does not exist is not an error. */
	delete(key: string): Promise<void>
	/** Whether `key` holds a file. */
	exists(key: string): Promise<boolean>
}

/** Keys are our own (`documents/<org>/<order>/<uuid>`), never a user's file name. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

export function assertKey(key: string): string {
	if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
		throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
	}
	return key
}
