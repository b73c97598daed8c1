import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client'
import { readiness } from './readiness'

describe('GET /readyz (issue 45, door 7)', () => {
	it("says the database is unreachable without showing the database's own error, which goes to the log", async () => {
		const secret = 'connect ECONNREFUSED db.internal.example:5432 (user wm_admin)'
		const database = {
			kind: 'postgres',
			ping: () => Promise.reject(new Error(secret)),
		} as unknown as DatabaseHandle
		const logged: unknown[] = []
		const answer = await readiness(database, { warn: (o: unknown) => logged.push(o) } as never)
		expect(answer).toEqual({ status: 503, body: { status: 'database unreachable' } })
		expect(JSON.stringify(answer)).not.toContain('db.internal')
		expect((logged[0] as { err: Error }).err.message).toContain('db.internal')
	})
})
