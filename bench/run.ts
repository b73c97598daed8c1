/**
 * `npm run bench [-- [name …] [--scales 1000,10000,100000]]`: runs every bench/*.bench.ts
 * (or those whose file name holds a given name) in turn, each in its own process, and
 * prints what they print. `npm run bench -- search --scales 1000,100000 --search-db DIR
 * --search-orders 1000000` adds the 1M-order search case (see search.bench.ts).
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const dir = import.meta.dirname
// Positional words pick benches by file name; an option's value (`--scales 1000`, `--search-db DIR`) is not one.
const args = process.argv.slice(2)
const only = args.filter(
	(a, i) =>
		!a.startsWith('--') && !(i > 0 && args[i - 1]!.startsWith('--') && !args[i - 1]!.includes('=')),
)
const files = readdirSync(dir)
	.filter((f) => f.endsWith('.bench.ts'))
	.filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
	.sort()
let failed = 0
for (const file of files) {
	console.log(`\n=== ${file}`)
	const r = spawnSync(
		process.execPath,
		['--expose-gc', '--import', 'tsx', path.join(dir, file), ...process.argv.slice(2)],
		{ stdio: 'inherit' },
	)
	if (r.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
