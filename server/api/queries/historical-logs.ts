import type { Database } from '../../db/client'
import { historicalLogs } from '../../db/schema'

/** A Drizzle database or a transaction on it: log lines are written in the mutation's transaction. */
type Writer = Pick<Database, 'insert'>

export interface HistoricalLogEntry {
	organizationId: string
	shipSetId: string
	/** Who did it (null for system actions). */
	userId: string | null
	/** What was done, as the Historical Logs modal shows it, e.g. "Added comment". */
	message: string
	documentId?: string | null
}

/**
 * Every mutation of an order writes one line here (who, when, what), inside the
 * same transaction as the change, so a refused or failed change leaves no line.
 */
export async function recordHistoricalLog(db: Writer, entry: HistoricalLogEntry): Promise<void> {
	await db.insert(historicalLogs).values({
		organizationId: entry.organizationId,
		shipSetId: entry.shipSetId,
		userId: entry.userId,
		message: entry.message,
		documentId: entry.documentId ?? null,
	})
}
