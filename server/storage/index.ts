import path from 'node:path'
import type { Config } from '../config'
import { createLocalStorage } from './local'
import { createS3Storage } from './s3'
import type { FileStorage } from './types'

export type { FileStorage, StorageBody, StoredFile } from './types'
export { createLocalStorage } from './local'
export { createS3Storage } from './s3'

/**
 * The configured backend: S3-compatible storage when S3_BUCKET is set (with
 * its endpoint and keys, see server/config.ts), else `${DATA_DIR}/uploads`.
 */
export function createStorage(config: Config): FileStorage {
	if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
		return createS3Storage({
			endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
			bucket: config.S3_BUCKET,
			region: config.S3_REGION,
			accessKeyId: config.S3_ACCESS_KEY_ID,
			secretAccessKey: config.S3_SECRET_ACCESS_KEY,
			forcePathStyle: config.S3_FORCE_PATH_STYLE,
		})
	}
	return createLocalStorage(path.join(config.dataDir, 'uploads'))
}

/**
 * Writes the files the demo rows point at (server/db/seed/files.ts) when they
 * are missing, so the seeded documents and photos download like uploaded ones.
 */
export async function writeSeedFiles(
	storage: FileStorage,
	files: readonly { storageKey: string; contentType: string; bytes: Uint8Array }[],
): Promise<number> {
	let written = 0
	for (const file of files) {
		if (await storage.exists(file.storageKey)) continue
		await storage.put(file.storageKey, file.bytes, { contentType: file.contentType })
		written++
	}
	return written
}
