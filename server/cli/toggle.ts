/**
 * `npm run toggle -- NAME on|off [--org SLUG]`: switches a feature toggle,
 * globally or for one supply chain. With a server running on this data
 * folder (PGlite admits one process) it goes through that server's admin
 * endpoint; otherwise it writes the database directly.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { loadSecrets } from '../secrets'
import { migrate } from '../db/client'
import { openForCli } from './open-database'
import { setToggle } from '../toggles/store'

const usage = 'usage: npm run toggle -- NAME on|off [--org SLUG]'
const { positionals, values } = parseArgs({
	allowPositionals: true,
	options: { org: { type: 'string' } },
})
const [name, state] = positionals
if (!name || (state !== 'on' && state !== 'off')) {
	console.error(usage)
	process.exit(2)
}
const enabled = state === 'on'
const config = loadConfig()
// On PostgreSQL the database takes every process at once: write it directly (no secrets.json there).
const secrets = config.DATABASE_URL ? null : loadSecrets(config)
const where = values.org ? `for ${values.org}` : 'globally'

async function viaServer(): Promise<boolean> {
	if (!secrets) return false
	let res: Response
	try {
		res = await fetch(
			`http://127.0.0.1:${config.PORT}/api/web/toggles/${encodeURIComponent(name!)}`,
			{
				method: 'PUT',
				headers: { 'Content-Type': 'application/json', 'X-Api-Key': secrets.webApiKey },
				body: JSON.stringify({ enabled, ...(values.org ? { organization: values.org } : {}) }),
			},
		)
	} catch {
		return false // no server listening: write the database directly
	}
	const body = (await res.json().catch(() => ({}))) as { error?: string }
	if (!res.ok) {
		console.error(`The server refused: ${body.error ?? res.status}`)
		process.exit(1)
	}
	return true
}

if (!(await viaServer())) {
	const database = await openForCli(config)
	try {
		await migrate(database)
		await setToggle(database.db, name, enabled, values.org)
	} catch (error) {
		console.error((error as Error).message)
		process.exitCode = 1
	} finally {
		await database.close()
	}
}
if (!process.exitCode) console.log(`${name} is ${state} ${where}.`)
