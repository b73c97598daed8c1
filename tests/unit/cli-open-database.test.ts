import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const dir = mkdtempSync(path.join(tmpdir(), 'waymark-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a command-line tool on a data folder a server holds (issue 45, door 10)', () => {
	it('says in one line what to do, without a stack trace', () => {
		// A live process (this one) holds the folder, as a running PGlite server does.
		writeFileSync(path.join(dir, 'waymark.lock'), `${process.pid}\n`)
		const { DATABASE_URL: _, ...env } = process.env
		const run = spawnSync(
			path.join(root, 'node_modules/.bin/tsx'),
			['server/cli/api-key.ts', 'create', '--org', 'acme', '--name', 'probe'],
			{ cwd: root, env: { ...env, DATA_DIR: dir }, encoding: 'utf8' },
		)
		expect(run.status).toBe(1)
		expect(run.stderr.trim()).toBe(
			`Another Waymark server (pid ${process.pid}) is using the data folder ${dir}. Stop it first, or set DATA_DIR to another folder.`,
		)
	})
})
