import { describe, expect, it } from 'vitest'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { dataDirProblem, listenProblem, storageProblem, writesToDataDir } from './startup-checks'

describe('start-up checks', () => {
	it('needs a writable data folder unless PostgreSQL (secrets in the database) and S3 leave nothing to write there', () => {
		const dir = '/nonexistent/waymark'
		const db = 'postgres://db.example/waymark'
		expect(writesToDataDir({ dataDir: dir })).toBe(true)
		expect(writesToDataDir({ dataDir: dir, DATABASE_URL: db })).toBe(true)
		expect(writesToDataDir({ dataDir: dir, DATABASE_URL: db, S3_BUCKET: 'b' })).toBe(false)
		expect(writesToDataDir({ dataDir: dir, S3_BUCKET: 'b' })).toBe(true)
	})

	// "With DATABASE_URL and local file storage the server warns, and refuses when more than one process is declared".
	it('warns about local uploads on a shared database, and refuses them when more than one process is declared', () => {
		const base = { dataDir: '/srv/waymark', WAYMARK_PROCESSES: 1, SHARED_UPLOADS: false }
		const db = 'postgres://db.example/waymark'
		expect(storageProblem(base)).toBeNull()
		expect(
			storageProblem({ ...base, WAYMARK_PROCESSES: 4 }),
			'PGlite: one process anyway',
		).toBeNull()
		expect(storageProblem({ ...base, DATABASE_URL: db })).toEqual({
			warn: expect.stringContaining('/srv/waymark/uploads on this machine'),
		})
		expect(storageProblem({ ...base, DATABASE_URL: db, WAYMARK_PROCESSES: 2 })).toEqual({
			refuse: expect.stringMatching(
				/^WAYMARK_PROCESSES=2 processes share DATABASE_URL .* Set S3_BUCKET/,
			),
		})
		expect(
			storageProblem({ ...base, DATABASE_URL: db, WAYMARK_PROCESSES: 2, S3_BUCKET: 'b' }),
		).toBeNull()
		expect(
			storageProblem({ ...base, DATABASE_URL: db, WAYMARK_PROCESSES: 2, SHARED_UPLOADS: true }),
		).toBeNull()
	})

	it('says in words why a data folder or a port cannot be used', () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'waymark-checks-'))
		try {
			expect(dataDirProblem(dir)).toBeNull()
			const file = path.join(dir, 'a-file')
			writeFileSync(file, '')
			chmodSync(file, 0o444)
			expect(dataDirProblem(path.join(file, 'data'))).toMatch(
				/is not writable \(ENOTDIR\)\. Make it writable, or set DATA_DIR/,
			)
		} finally {
			rmSync(dir, { recursive: true, force: true })
		}
		expect(
			listenProblem(Object.assign(new Error('x'), { code: 'EADDRINUSE' }), '0.0.0.0', 3000),
		).toBe(
			'port 3000 is already in use on 0.0.0.0. Stop the program using it, or set PORT to another port.',
		)
		expect(listenProblem(Object.assign(new Error('x'), { code: 'EACCES' }), '0.0.0.0', 80)).toMatch(
			/^port 80 needs privileges/,
		)
	})
})
