/**
 * `npm run import -- --org SLUG FILE.csv [--dry-run]`: the Import screen from the command line.
 * Checks every row of the file, prints each bad row and why, imports the good rows in
 * one transaction and keeps the import's record (source 'cli'), as the screen does; `--dry-run`
 * stops after the check (the record stays a preview). Writes the database directly: with PGlite,
 * stop the server on this data folder first (it admits one process); with DATABASE_URL it may run
 * beside the servers. Exit code 0 when every row was imported, 1 when some were refused or on error.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { loadConfig } from '../config'
import { migrate } from '../db/client'
import { openForCli } from './open-database'
import { organizations } from '../db/schema'
import { IMPORT_MAX_BYTES } from '../ingest/imports.contract'
import { ImportFileError } from '../ingest/csv'
import { previewImport, runImport } from '../ingest/imports'

const usage = 'usage: npm run import -- --org SLUG FILE.csv [--dry-run]'
const { positionals, values } = parseArgs({
	allowPositionals: true,
	options: { org: { type: 'string' }, 'dry-run': { type: 'boolean' } },
})
const [file] = positionals
if (!values.org || !file || positionals.length !== 1) {
	console.error(usage)
	process.exit(2)
}
const config = loadConfig()
const database = await openForCli(config)
try {
	await migrate(database)
	const [org] = await database.db
		.select({ id: organizations.id })
		.from(organizations)
		.where(eq(organizations.slug, values.org))
	if (!org) throw new Error(`No supply chain '${values.org}'`)
	const content = await readFile(file, 'utf8')
	if (Buffer.byteLength(content) > IMPORT_MAX_BYTES)
		throw new Error(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`)
	const preview = await previewImport(database.db, {
		organizationId: org.id,
		userId: null,
		source: 'cli',
		fileName: path.basename(file),
		content,
	})
	const { import: record, errors } = preview
	console.log(
		`${record.file_name}: ${record.kind === 'orders' ? 'orders and shipments' : 'events'}, ${record.total_rows} rows, ${record.good_rows} good, ${record.bad_rows} bad`,
	)
	for (const e of errors) console.log(`  row ${e.row}: ${e.messages.join('; ')}`)
	if (values['dry-run'])
		console.log(`Dry run: nothing imported (import ${record.id} kept as a preview).`)
	else {
		const done = await runImport(database.db, org.id, record.id)
		console.log(
			`Imported ${done!.import.imported_rows} rows, refused ${done!.import.bad_rows} (import ${record.id}).`,
		)
		if (done!.import.bad_rows > 0) process.exitCode = 1
	}
} catch (error) {
	console.error(
		error instanceof ImportFileError ? `Cannot import: ${error.message}` : (error as Error).message,
	)
	process.exitCode = 1
} finally {
	await database.close()
}
