import { describe, expect, it } from 'vitest'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { dataDirProblem, listenProblem, writesToDataDir } from './startup-checks'

describe('start-up checks', () => {
	it('needs a writable data folder unless PostgreSQL, S3 and stored secrets leave nothing to write there', () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'waymark-checks-'))
		try {
			const db = 'postgres://db.example/waymark'
			expect(writesToDataDir({ dataDir: dir })).toBe(true)
			expect(writesToDataDir({ dataDir: dir, DATABASE_URL: db })).toBe(true)
			expect(writesToDataDir({ dataDir: dir, DATABASE_URL: db, S3_BUCKET: 'b' })).toBe(true)
			writeFileSync(path.join(dir, 'secrets.json'), '{}')
			expect(writesToDataDir({ dataDir: dir, DATABASE_URL: db, S3_BUCKET: 'b' })).toBe(false)
			expect(writesToDataDir({ dataDir: dir, S3_BUCKET: 'b' })).toBe(true)
		} finally {
			rmSync(dir, { recursive: true, force: true })
		}
	})

	it('says in words why a data folder or a port cannot be used', () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'waymark-checks-'))
		try {
			expect(dataDirProblem(dir)).toBeNull()
			const file = path.join(dir, 'a-file')
			writeFileSync(file, '')
			chmodSync(file, 0o444)
			expect(dataDirProblem(path.join(file, 'data'))).toMatch(/is not writable \(ENOTDIR\)\. Make it writable, or set DATA_DIR/)
		} finally {
			rmSync(dir, { recursive: true, force: true })
		}
		expect(listenProblem(Object.assign(new Error('x'), { code: 'EADDRINUSE' }), '0.0.0.0', 3000)).toBe('port 3000 is already in use on 0.0.0.0. Stop the program using it, or set PORT to another port.')
		expect(listenProblem(Object.assign(new Error('x'), { code: 'EACCES' }), '0.0.0.0', 80)).toMatch(/^port 80 needs privileges/)
	})
})
