import type { Config } from '../config'
import { openDatabase, type DatabaseHandle } from '../db/client'

/**
 * The database for a command-line tool, or one line saying why not and exit 1: with PGlite the
 * data folder admits one process, so a running server holds it ('Another Waymark server (pid …)
 * is using the data folder …. Stop it first, or set DATA_DIR to another folder.'), not a stack.
 */
export async function openForCli(config: Config): Promise<DatabaseHandle> {
	try {
		return await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL })
	} catch (error) {
		console.error(error instanceof Error ? error.message : String(error))
		process.exit(1)
	}
}
