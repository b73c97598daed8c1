import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export interface RunningServer {
	url: string
	child: ChildProcess
	output: () => string
	stop: () => Promise<number | null>
}

/**
 * Starts `npm start`'s entry (scripts/start.mjs with NODE_ENV=production: serves
 * the build of `npm run build`, never builds) on a free port with the given data folder, and resolves once it
 * listens. Rejects with the server's output when it exits first.
 */
export async function startServer(
	dataDir: string,
	env: Record<string, string | undefined> = {},
	/** Options for node itself (`--cpu-prof`: not allowed in NODE_OPTIONS). */
	nodeArgs: string[] = [],
): Promise<RunningServer> {
	// A real port, not 0: the server's public URL (sign-in redirects, the issuer) must name it.
	const port = env.PORT ? Number(env.PORT) : await freePort()
	// A variable given as undefined is left unset (PUBLIC_URL: undefined: the origin follows the browser's address).
	const unset = Object.keys(env).filter((k) => env[k] === undefined)
	const childEnv: Record<string, string | undefined> = {
		...withoutDatabaseUrl(process.env),
		NODE_ENV: 'production',
		PORT: String(port),
		PUBLIC_URL: `http://localhost:${port}`,
		HOST: '127.0.0.1',
		DATA_DIR: dataDir,
		LOG_LEVEL: 'info',
		...env,
	}
	for (const k of unset) delete childEnv[k]
	const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts/start.mjs')], {
		cwd: root,
		env: childEnv,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let out = ''
	child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
	child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
	const stop = () =>
		new Promise<number | null>((resolve) => {
			if (child.exitCode !== null) return resolve(child.exitCode)
			child.once('exit', (code) => resolve(code))
			child.kill('SIGTERM')
		})
	return new Promise((resolve, reject) => {
		const onData = () => {
			const match = out.match(/Waymark is ready at (http:\/\/localhost:\d+)/)
			if (!match) return
			child.stdout!.off('data', onData)
			resolve({ url: match[1]!, child, output: () => out, stop })
		}
		child.stdout!.on('data', onData)
		child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)))
		// A ceiling, not a measurement: a start seeds the demo data, seconds on an idle machine and
		// much longer when other work shares its 2 cores.
		const timer = setTimeout(() => {
			child.kill('SIGKILL')
			reject(new Error(`server did not start within 300 s:\n${out}`))
		}, 300_000)
		child.once('exit', () => clearTimeout(timer))
		child.stdout!.on('data', () => {
			if (/Waymark is ready at/.test(out)) clearTimeout(timer)
		})
	})
}

/** The browser tests run on a fresh PGlite folder even when DATABASE_URL is set for the API tests. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv) {
	const { DATABASE_URL: _ignored, ...rest } = env
	return rest
}

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer()
		probe.once('error', reject)
		probe.listen(0, '127.0.0.1', () => {
			const address = probe.address()
			const port = typeof address === 'object' && address ? address.port : 0
			probe.close(() => resolve(port))
		})
	})
}
