/**
 * `npm run bench [-- --scales 1000,10000,100000]`: runs every bench/*.bench.ts
 * in turn, each in its own process, and prints what they print.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const dir = import.meta.dirname
const only = process.argv.slice(2).filter((a) => !a.startsWith('--') && !/^[\d,]+$/.test(a))
const files = readdirSync(dir)
	.filter((f) => f.endsWith('.bench.ts'))
	.filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
	.sort()
let failed = 0
for (const file of files) {
	console.log(`\n=== ${file}`)
	const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(dir, file), ...process.argv.slice(2)], { stdio: 'inherit' })
	if (r.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
