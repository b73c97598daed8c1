import {
	cpSync,
	existsSync,
	mkdirSync,
	readdirSync,
	renameSync,
	statSync,
	writeFileSync,
	readFileSync,
} from 'node:fs'
import path from 'node:path'
import { acquireDataDirLock, journalMigrationCount } from './db/client'

/**
 * Backups of a PGlite deployment ("`npm run backup` / `npm run restore` for the PGlite
 * folder … a restore gives back every order, comment and file").
 *
 * What a data folder holds that matters: `pglite/` (the database: orders, comments, users…),
 * `uploads/` (document and photo bytes) and `secrets.json` (the keys that sign sessions and
 * tokens). A backup copies the three into a folder of its own, with a manifest; a restore puts
 * them back, moving what was there aside first (`.before-restore-<time>/`), never deleting it.
 *
 * Both take the data folder's lock (server/db/client.ts): PGlite admits one process, so a copy
 * made while a server writes could be torn. Stop the server, back up, start it again (seconds
 * for the demo data). With DATABASE_URL use PostgreSQL's own tools instead (docs/deploy.md,
 * "Backups": pg_dump -Fc, pg_restore) and the bucket's versioning for files.
 */

const PARTS = ['pglite', 'uploads', 'secrets.json'] as const
const MANIFEST = 'waymark-backup.json'

export interface BackupManifest {
	createdAt: string
	/** Migrations the code had when the backup was made: a restore into older code refuses. */
	migrations: number
	parts: string[]
	/** Files under uploads/, for a quick check. */
	uploads: number
}

function countFiles(dir: string): number {
	if (!existsSync(dir)) return 0
	return readdirSync(dir, { recursive: true }).filter((f) =>
		statSync(path.join(dir, String(f))).isFile(),
	).length
}

/** Copies the data folder's database, uploads and secrets into `to` (made; must not exist yet). */
export function backupDataDir(dataDir: string, to: string): BackupManifest {
	const from = path.resolve(dataDir)
	if (!existsSync(path.join(from, 'pglite')))
		throw new Error(`${from} holds no PGlite database (no pglite/ folder): nothing to back up.`)
	if (existsSync(to)) throw new Error(`${to} exists already: give a new folder to back up into.`)
	const release = acquireDataDirLock(from)
	try {
		mkdirSync(to, { recursive: true })
		const parts: string[] = []
		for (const part of PARTS) {
			const source = path.join(from, part)
			if (!existsSync(source)) continue
			cpSync(source, path.join(to, part), { recursive: true, preserveTimestamps: true })
			parts.push(part)
		}
		const manifest: BackupManifest = {
			createdAt: new Date().toISOString(),
			migrations: journalMigrationCount(),
			parts,
			uploads: countFiles(path.join(to, 'uploads')),
		}
		writeFileSync(path.join(to, MANIFEST), JSON.stringify(manifest, null, 2), { mode: 0o600 })
		return manifest
	} finally {
		release()
	}
}

/**
 * Puts a backup made by backupDataDir back into `dataDir`; what the folder held is moved to
 * `.before-restore-<time>/` inside it. Answers the backup's manifest and where the old data went.
 */
export function restoreDataDir(
	from: string,
	dataDir: string,
): { manifest: BackupManifest; setAside: string | null } {
	const manifestPath = path.join(from, MANIFEST)
	if (!existsSync(manifestPath))
		throw new Error(`${from} is not a Waymark backup (no ${MANIFEST}).`)
	const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest
	if (manifest.migrations > journalMigrationCount()) {
		throw new Error(
			`The backup was made by a newer Waymark (${manifest.migrations} migrations, this one has ${journalMigrationCount()}): update the code first.`,
		)
	}
	const to = path.resolve(dataDir)
	mkdirSync(to, { recursive: true })
	const release = acquireDataDirLock(to)
	try {
		let setAside: string | null = null
		for (const part of PARTS) {
			const current = path.join(to, part)
			if (!existsSync(current)) continue
			setAside ??= path.join(
				to,
				`.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
			)
			mkdirSync(setAside, { recursive: true })
			renameSync(current, path.join(setAside, part))
		}
		for (const part of manifest.parts) {
			cpSync(path.join(from, part), path.join(to, part), {
				recursive: true,
				preserveTimestamps: true,
			})
		}
		return { manifest, setAside }
	} finally {
		release()
	}
}
