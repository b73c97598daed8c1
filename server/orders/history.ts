import { and, count, desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { documents, historicalLogs, users } from '../db/schema'
import { displayName } from '../shared/mentions'

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

/**
 * The Historical Logs modal's list (002 §4 "Historical logs", §7 GET logs): newest first,
 * who (the person's name or e-mail; null for the system), when, what, and the document
 * a line is about. The caller must have checked the order is in its supply chain.
 */
export async function listHistoricalLogs(
	db: Pick<Database, 'select'>,
	organizationId: string,
	shipSetId: string,
	offset: number,
	limit: number,
) {
	const scope = and(
		eq(historicalLogs.shipSetId, shipSetId),
		eq(historicalLogs.organizationId, organizationId),
	)
	const [rows, [total]] = await Promise.all([
		db
			.select({
				id: historicalLogs.id,
				createdAt: historicalLogs.createdAt,
				message: historicalLogs.message,
				email: users.email,
				firstName: users.givenName,
				lastName: users.familyName,
				documentId: documents.id,
				fileName: documents.fileFileName,
			})
			.from(historicalLogs)
			.leftJoin(users, eq(users.id, historicalLogs.userId))
			.leftJoin(
				documents,
				and(
					eq(documents.id, historicalLogs.documentId),
					eq(documents.organizationId, organizationId),
				),
			)
			.where(scope)
			.orderBy(desc(historicalLogs.createdAt), desc(historicalLogs.id))
			.limit(limit)
			.offset(offset),
		db.select({ n: count() }).from(historicalLogs).where(scope),
	])
	return {
		logs: rows.map((r) => ({
			id: r.id,
			created_at: r.createdAt.toISOString(),
			message: r.message,
			updated_by: r.email
				? displayName({ firstName: r.firstName, lastName: r.lastName, email: r.email })
				: null,
			document:
				r.documentId && r.fileName
					? {
							id: r.documentId,
							file_url: `/api/web/ship_sets/${shipSetId}/documents/${r.documentId}/download`,
							file_file_name: r.fileName,
						}
					: null,
		})),
		total_count: total?.n ?? 0,
		offset,
	}
}
