import type { DatabaseHandle } from '../db/client'
import { migrationsApplied } from '../db/client'
import type { Logger } from '../log'

/**
 * `GET /readyz`: 200 once the database answers and every migration is applied, else 503 with
 * what is not ready. Anyone may ask, so the database's own error (its host, its user, its
 * message) goes to the log, not into the answer.
 */
export async function readiness(
	database: DatabaseHandle,
	log: Pick<Logger, 'warn'>,
): Promise<{ status: number; body: { status: string; database?: string } }> {
	try {
		await database.ping()
		if (!(await migrationsApplied(database)))
			return { status: 503, body: { status: 'migrations pending' } }
		return { status: 200, body: { status: 'ready', database: database.kind } }
	} catch (error) {
		log.warn({ err: error }, 'readyz: database unreachable')
		return { status: 503, body: { status: 'database unreachable' } }
	}
}
