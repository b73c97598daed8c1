// `npm test`: typecheck, lint, unit tests, API tests (PGlite, and PostgreSQL
// too when DATABASE_URL is set), the build, then the browser tests (the servers
// they start only serve: NODE_ENV=production never builds). Stops at the first
// failing step and ends with one 'N passed, N failed' line.
//
// The browser tests run on PGlite; DATABASE_URL reaches them only as
// MULTI_PROCESS_DATABASE_URL, for tests/e2e/multi-process.spec.ts (two servers
// on one PostgreSQL), which skips with a message when it is absent.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name) => path.join(root, 'node_modules/.bin', name)
const reports = path.join(root, '.tmp/test-reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const { DATABASE_URL, ...envWithoutDb } = process.env
let passed = 0
let failed = 0

function run(title, command, args, env = process.env) {
	console.log(`\n▶ ${title}`)
	const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
	return r.status === 0
}

function vitest(project, label, env) {
	const out = path.join(reports, `${label}.json`)
	const ok = run(
		label,
		bin('vitest'),
		['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
		env,
	)
	try {
		const r = JSON.parse(readFileSync(out, 'utf8'))
		passed += r.numPassedTests
		failed += r.numFailedTests
	} catch {
		failed += ok ? 0 : 1
	}
	return ok
}

function playwright() {
	const out = path.join(reports, 'e2e.json')
	const ok = run(
		'browser tests (Playwright, system Chromium, JavaScript on and off)',
		bin('playwright'),
		['test', '--reporter=list,json'],
		{
			...envWithoutDb,
			...(DATABASE_URL ? { MULTI_PROCESS_DATABASE_URL: DATABASE_URL } : {}),
			PLAYWRIGHT_JSON_OUTPUT_NAME: out,
		},
	)
	try {
		const { stats } = JSON.parse(readFileSync(out, 'utf8'))
		passed += stats.expected
		failed += stats.unexpected + stats.flaky
	} catch {
		failed += ok ? 0 : 1
	}
	return ok
}

const steps = [
	() => run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
	() => run('lint', 'npm', ['run', '--silent', 'lint']),
	() => vitest('unit', 'unit', envWithoutDb),
	() => vitest('api', 'api (PGlite)', envWithoutDb),
	...(DATABASE_URL
		? [() => vitest('api', 'api (PostgreSQL)', { ...process.env, DATABASE_URL })]
		: []),
	() => run('build', 'npm', ['run', '--silent', 'build']),
	() => playwright(),
]

let ok = true
for (const step of steps) {
	if (!step()) {
		ok = false
		break
	}
}
console.log(`\ntests: ${passed} passed, ${failed} failed`)
if (!ok && failed === 0) console.log('a check failed before any test failed (see above)')
process.exit(ok ? 0 : 1)
