/**
 * `npm run api-key -- create --org SLUG --name NAME [--scope readings:write]` prints a new machine
 * key once (only its hash is kept); `npm run api-key -- revoke --org SLUG --name NAME` revokes it.
 * Writes the database directly: with PGlite, stop the server on this data folder first (it admits
 * one process); with DATABASE_URL it may run beside the servers.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { migrate } from '../db/client'
import { openForCli } from './open-database'
import { createApiKey, revokeApiKey } from '../auth/machine-keys'
import { READINGS_SCOPE } from '../sensors/readings.routes'

const usage =
	'usage: npm run api-key -- create|revoke --org SLUG --name NAME [--scope readings:write] [--scope orders:write] [--scope events:write]'
const { positionals, values } = parseArgs({
	allowPositionals: true,
	options: {
		org: { type: 'string' },
		name: { type: 'string' },
		scope: { type: 'string', multiple: true },
	},
})
const [command] = positionals
if ((command !== 'create' && command !== 'revoke') || !values.org || !values.name) {
	console.error(usage)
	process.exit(2)
}
const config = loadConfig()
const database = await openForCli(config)
try {
	await migrate(database)
	if (command === 'create') {
		const { key } = await createApiKey(
			database.db,
			values.org,
			values.name,
			values.scope?.length ? values.scope : [READINGS_SCOPE],
		)
		console.log(`Key '${values.name}' for ${values.org} (shown once, keep it secret):\n${key}`)
	} else {
		const n = await revokeApiKey(database.db, values.org, values.name)
		console.log(
			n
				? `Revoked '${values.name}' for ${values.org}.`
				: `No live key '${values.name}' for ${values.org}.`,
		)
	}
} catch (error) {
	console.error((error as Error).message)
	process.exitCode = 1
} finally {
	await database.close()
}
