// `npm start`: serve the web app from ./build with server.ts, in this same process (so signals reach it).
//
// It never builds in production ("`npm start` never builds in production (a `build` step, and a
// start that only serves)"). NODE_ENV=production set by the environment (a container, a service unit):
// serve only; with no build it refuses, naming `npm run build`. NODE_ENV unset (a laptop after
// `npm ci && npm start`): build once when the build is missing or older than its sources, then serve it in
// production mode. docs/decisions/0017-many-processes-one-database.md records the choice.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { register } from 'tsx/esm/api'

const root = path.resolve(import.meta.dirname, '..')
// A .env file, when present, fills in what the environment does not set.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'))
const production = process.env.NODE_ENV === 'production'
process.env.NODE_ENV ??= 'production'
const built = path.join(root, 'build/server/index.js')

// Of server/, the web app bundles only what package.json's "imports" name: contracts, descriptors, server/shared.
const bundled = (file) =>
	!file.startsWith(path.join(root, 'server')) ||
	/\.(contract|api)\.ts$/.test(file) ||
	file.startsWith(path.join(root, 'server/shared'))

function newest(p) {
	const s = statSync(p)
	if (!s.isDirectory()) return bundled(p) ? s.mtimeMs : 0
	return readdirSync(p).reduce(
		(m, f) => Math.max(m, newest(path.join(p, f))),
		bundled(p) ? s.mtimeMs : 0,
	)
}

if (production) {
	if (!existsSync(built)) {
		console.error(
			'Waymark cannot start: there is no build (build/server/index.js). Run `npm run build` first; with NODE_ENV=production `npm start` only serves.',
		)
		process.exit(1)
	}
} else if (process.env.NODE_ENV === 'production') {
	const sources = [
		'app',
		'server',
		'react-router.config.ts',
		'vite.config.ts',
		'package.json',
		'package-lock.json',
	]
		.map((p) => path.join(root, p))
		.filter(existsSync)
	const stale = !existsSync(built) || sources.some((p) => newest(p) > statSync(built).mtimeMs)
	if (stale) {
		console.log('Building the web app (once; set NODE_ENV=production to only serve)…')
		const r = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
			cwd: root,
			stdio: 'inherit',
		})
		if (r.status !== 0) process.exit(r.status ?? 1)
	}
}

register()
await import(path.join(root, 'server.ts'))
