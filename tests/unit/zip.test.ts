import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { zip } from '../../server/breaches/zip'
import { csvRows, readZip } from '../api/zip-reader'

/** server/breaches/zip.ts: the archive reads back, byte for byte, here and with Info-ZIP's unzip. */

const entries = [
	{ name: 'summary.txt', data: 'Claim pack\nÜmlaut, 8 °C — ok\n' },
	{
		name: 'readings.csv',
		data: `measured_at,value\r\n${Array.from({ length: 500 }, (_, i) => `2026-11-01T00:${String(i % 60).padStart(2, '0')}:00Z,${i}`).join('\r\n')}\r\n`,
	},
	{ name: 'empty.csv', data: '' },
	{ name: 'bytes.bin', data: new Uint8Array([0, 1, 2, 255]) },
]

describe('zip', () => {
	it('writes every entry, deflated or stored, and each reads back with its CRC', () => {
		const files = readZip(zip(entries, new Date('2026-11-25T10:20:30Z')))
		expect([...files.keys()]).toEqual(entries.map((e) => e.name))
		expect(files.get('summary.txt')).toBe(entries[0]!.data)
		expect(csvRows(files.get('readings.csv')!)).toHaveLength(501)
		expect(files.get('empty.csv')).toBe('')
	})

	it('refuses duplicate and escaping names', () => {
		expect(() =>
			zip([
				{ name: 'a', data: '' },
				{ name: 'a', data: '' },
			]),
		).toThrow(/duplicate/)
		expect(() => zip([{ name: '../a', data: '' }])).toThrow(/bad entry/)
	})

	it.runIf(existsSync('/usr/bin/unzip'))('passes unzip -t and lists the names and times', () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'zip-test-'))
		try {
			const file = path.join(dir, 'pack.zip')
			writeFileSync(file, zip(entries, new Date('2026-11-25T10:20:30Z')))
			expect(execFileSync('unzip', ['-tq', file], { encoding: 'utf8' })).toMatch(
				/No errors detected/,
			)
			const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')
			expect(listing).toEqual(entries.map((e) => e.name))
			expect(execFileSync('unzip', ['-p', file, 'summary.txt'], { encoding: 'utf8' })).toBe(
				entries[0]!.data,
			)
			expect(execFileSync('unzip', ['-l', file], { encoding: 'utf8' })).toMatch(
				/2026-11-25 10:20|11-25-2026 10:20/,
			)
		} finally {
			rmSync(dir, { recursive: true, force: true })
		}
	})
})
