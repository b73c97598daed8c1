import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer } from './server-process'

/** One built server for the browser tests, on a free port with a fresh data folder. */
export default async function globalSetup() {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-e2e-'))
	// No PUBLIC_URL, as on a laptop: sign-in must work on the address the browser typed (auth.spec.ts, 127.0.0.1).
	const server = await startServer(dataDir, { LOG_LEVEL: 'warn', PUBLIC_URL: undefined })
	process.env.E2E_BASE_URL = server.url
	process.env.E2E_DATA_DIR = dataDir
	return async () => {
		await server.stop()
		// What the server logged (warnings and errors), for a failure's cause: .tmp/e2e-server.log.
		mkdirSync('.tmp', { recursive: true })
		writeFileSync('.tmp/e2e-server.log', server.output())
		rmSync(dataDir, { recursive: true, force: true })
	}
}
