// `npm start`: build the web app when the build is missing or older than its
// sources, then run server.ts in this same process (so signals reach it).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { register } from 'tsx/esm/api'

const root = path.resolve(import.meta.dirname, '..')
// A .env file, when present, fills in what the environment does not set.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'))
process.env.NODE_ENV ??= 'production'
const built = path.join(root, 'build/server/index.js')

function newest(p) {
	const s = statSync(p)
	if (!s.isDirectory()) return s.mtimeMs
	return readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), s.mtimeMs)
}

const sources = ['app', 'server/contracts', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json']
	.map((p) => path.join(root, p))
	.filter(existsSync)
const stale = !existsSync(built) || sources.some((p) => newest(p) > statSync(built).mtimeMs)
if (stale && process.env.NODE_ENV === 'production') {
	console.log('Building the web app…')
	const r = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], { cwd: root, stdio: 'inherit' })
	if (r.status !== 0) process.exit(r.status ?? 1)
}

register()
await import(path.join(root, 'server.ts'))
