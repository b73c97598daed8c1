import { afterAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrate, openDatabase, type DatabaseHandle } from '../../server/db/client'
import { seedDemo, SEED_FILES } from '../../server/db/seed/demo'
import { createLocalStorage, writeSeedFiles } from '../../server/storage'
import { comments, documents, photos, shipSets } from '../../server/db/schema'
import { backupDataDir, restoreDataDir } from '../../server/backup'

// "`npm run backup` / `npm run restore` for the PGlite folder …; a restore gives back every order,
// comment and file." PGlite only (a data folder); PostgreSQL's path is pg_dump (docs/deploy.md).

const root = mkdtempSync(path.join(tmpdir(), 'waymark-backup-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Every order, comment and file of the folder: rows by id, and the bytes' digests by storage key. */
async function contents(database: DatabaseHandle, dataDir: string) {
	const db = database.db
	const ids = async (table: typeof shipSets | typeof comments) =>
		(await db.select({ id: table.id }).from(table)).map((r) => r.id).sort()
	const keys = [
		...(await db.select({ key: documents.storageKey }).from(documents)),
		...(await db.select({ key: photos.storageKey }).from(photos)),
	].map((r) => r.key)
	const storage = createLocalStorage(path.join(dataDir, 'uploads'))
	const files: Record<string, string | null> = {}
	for (const key of keys.sort()) {
		const file = await storage.get(key)
		files[key] = file
			? createHash('sha256')
					.update(Buffer.from(await new Response(file.body).arrayBuffer()))
					.digest('hex')
			: null
	}
	return { orders: await ids(shipSets), comments: await ids(comments), files }
}

// The API tests' PostgreSQL pass would only repeat it: the data folder is PGlite's whatever DATABASE_URL says.
describe.skipIf(!!process.env.DATABASE_URL)(
	'npm run backup / npm run restore (PGlite data folder)',
	() => {
		it(
			'gives back every order, comment and file after they were lost, and keeps what it replaced',
			{ timeout: 240_000 },
			async () => {
				const dataDir = path.join(root, 'data')
				let database = await openDatabase({ dataDir })
				await migrate(database)
				await seedDemo(database.db)
				await writeSeedFiles(createLocalStorage(path.join(dataDir, 'uploads')), SEED_FILES)
				writeFileSync(
					path.join(dataDir, 'secrets.json'),
					JSON.stringify({ sessionSecret: 'kept-by-the-backup-0123456789abcdef' }),
				)
				const before = await contents(database, dataDir)
				expect(before.orders.length).toBeGreaterThan(10)
				expect(before.comments.length).toBeGreaterThan(0)
				expect(Object.keys(before.files).length).toBeGreaterThan(0)
				expect(Object.values(before.files)).not.toContain(null)

				// A server holds the folder: no backup of a database being written.
				expect(() => backupDataDir(dataDir, path.join(root, 'torn'))).toThrow(
					/already has the data folder .* open/,
				)
				await database.close()

				const backup = path.join(root, 'backup')
				const manifest = backupDataDir(dataDir, backup)
				expect(manifest.parts).toEqual(['pglite', 'uploads', 'secrets.json'])
				expect(manifest.uploads).toBe(Object.keys(before.files).length)

				// Lost: every comment, half the orders (their documents and photos go with them), every file.
				database = await openDatabase({ dataDir })
				await database.db.delete(comments)
				await database.db.execute(
					sql`delete from ship_sets where id in (select id from ship_sets order by id limit (select count(*) / 2 from ship_sets))`,
				)
				await database.close()
				rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true })

				const { setAside } = restoreDataDir(backup, dataDir)
				expect(setAside && existsSync(path.join(setAside, 'pglite'))).toBe(true)
				database = await openDatabase({ dataDir })
				try {
					expect(await contents(database, dataDir)).toEqual(before)
				} finally {
					await database.close()
				}
				expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true)
			},
		)

		it('refuses a folder that is not a backup, and a backup into a folder that exists', () => {
			expect(() => restoreDataDir(root, path.join(root, 'elsewhere'))).toThrow(
				/is not a Waymark backup/,
			)
			expect(() => backupDataDir(path.join(root, 'no-data'), path.join(root, 'x'))).toThrow(
				/holds no PGlite database/,
			)
		})
	},
)
