/**
 * `npm run backup [-- --to FOLDER]` copies the PGlite data folder (database, uploads, secrets) into
 * FOLDER (default: backups/waymark-<time>); `npm run restore -- --from FOLDER` puts it back, moving
 * what was there aside. Stop the server first (PGlite admits one process). See server/backup.ts;
 * with DATABASE_URL use pg_dump / pg_restore (docs/deploy.md, "Backups").
 */
import { parseArgs } from 'node:util'
import path from 'node:path'
import { loadConfig } from '../config'
import { backupDataDir, restoreDataDir } from '../backup'

const usage = 'usage: npm run backup [-- --to FOLDER] | npm run restore -- --from FOLDER'
const { positionals, values } = parseArgs({
	allowPositionals: true,
	options: { to: { type: 'string' }, from: { type: 'string' } },
})
const [command] = positionals
const config = loadConfig()
if (config.DATABASE_URL) {
	console.error(
		'DATABASE_URL is set: back up PostgreSQL with its own tools, e.g.\n' +
			'  pg_dump -Fc -d "$DATABASE_URL" -f waymark.dump      (restore: pg_restore --clean --if-exists -d "$DATABASE_URL" waymark.dump)\n' +
			'and the files in S3_BUCKET with the bucket’s versioning or replication (docs/deploy.md, "Backups").',
	)
	process.exit(2)
}
try {
	if (command === 'backup') {
		const to = path.resolve(
			values.to ??
				path.join('backups', `waymark-${new Date().toISOString().replace(/[:.]/g, '-')}`),
		)
		const m = backupDataDir(config.dataDir, to)
		console.log(`Backed up ${config.dataDir} (${m.parts.join(', ')}; ${m.uploads} files) to ${to}`)
	} else if (command === 'restore' && values.from) {
		const { manifest, setAside } = restoreDataDir(path.resolve(values.from), config.dataDir)
		console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}.`)
		if (setAside)
			console.log(
				`What was there is kept in ${setAside}; remove it once the restored data is checked.`,
			)
	} else {
		console.error(usage)
		process.exitCode = 2
	}
} catch (error) {
	console.error((error as Error).message)
	process.exitCode = 1
}
