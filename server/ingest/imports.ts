import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { imports, users } from '../db/schema'
import type { ImportRecord, ImportRowError } from './imports.contract'
import { ingestBatch } from './batch'
import { batchItems } from './ingest.contract'
import { parseImport } from './csv'

/**
 * The record of each CSV import ("keeps a record of each import (who, when, counts,
 * errors file)"): an upload is checked and kept as a preview; running it checks the file again
 * (the supply chain's data may have moved since) and writes the good rows as one batch, in one
 * transaction with the record's counts. Used by the API (server/settings/settings.routes.ts) and by
 * `npm run import` (server/cli/import.ts).
 */

const columns = {
	id: imports.id,
	kind: imports.kind,
	fileName: imports.fileName,
	status: imports.status,
	source: imports.source,
	userEmail: users.email,
	totalRows: imports.totalRows,
	goodRows: imports.goodRows,
	badRows: imports.badRows,
	importedRows: imports.importedRows,
	createdAt: imports.createdAt,
	importedAt: imports.importedAt,
	errors: imports.errors,
}
interface Row {
	id: string
	kind: string
	fileName: string
	status: string
	source: string
	userEmail: string | null
	totalRows: number
	goodRows: number
	badRows: number
	importedRows: number | null
	createdAt: Date
	importedAt: Date | null
}

export const recordWire = (r: Row): ImportRecord => ({
	id: r.id,
	kind: r.kind as ImportRecord['kind'],
	file_name: r.fileName,
	status: r.status as ImportRecord['status'],
	source: r.source,
	user_email: r.userEmail,
	total_rows: r.totalRows,
	good_rows: r.goodRows,
	bad_rows: r.badRows,
	imported_rows: r.importedRows,
	created_at: r.createdAt.toISOString(),
	imported_at: r.importedAt?.toISOString() ?? null,
})

export interface ImportDetail {
	import: ImportRecord
	errors: ImportRowError[]
}

export async function getImport(
	db: Database,
	organizationId: string,
	id: string,
): Promise<ImportDetail | null> {
	const [row] = await db
		.select(columns)
		.from(imports)
		.leftJoin(users, eq(users.id, imports.userId))
		.where(and(eq(imports.organizationId, organizationId), eq(imports.id, id)))
	if (!row) return null
	const { errors, ...rest } = row
	return { import: recordWire(rest), errors: errors as ImportRowError[] }
}

export async function listImports(
	db: Database,
	organizationId: string,
	limit = 50,
): Promise<ImportRecord[]> {
	const { errors: _errors, ...listed } = columns
	void _errors
	const rows = await db
		.select(listed)
		.from(imports)
		.leftJoin(users, eq(users.id, imports.userId))
		.where(eq(imports.organizationId, organizationId))
		.orderBy(desc(imports.createdAt), desc(imports.id))
		.limit(limit)
	return rows.map(recordWire)
}

/** Checks an uploaded file and keeps it as a preview. Throws ImportFileError for a file that cannot be read at all. */
export async function previewImport(
	db: Database,
	input: {
		organizationId: string
		userId: string | null
		source: 'web' | 'cli'
		fileName: string
		content: string
	},
): Promise<ImportDetail> {
	const parsed = await parseImport(db, input.organizationId, input.content)
	const [row] = await db
		.insert(imports)
		.values({
			organizationId: input.organizationId,
			userId: input.userId,
			source: input.source,
			kind: parsed.kind,
			fileName: input.fileName,
			content: input.content,
			totalRows: parsed.totalRows,
			goodRows: parsed.goodRows,
			badRows: parsed.errors.length,
			errors: parsed.errors,
		})
		.returning({ id: imports.id })
	return (await getImport(db, input.organizationId, row!.id))!
}

export class ImportAlreadyRun extends Error {}

/**
 * Imports the good rows of a previewed file; answers null for an unknown import. One transaction
 * that holds the import's row (`for update`) from the check to the status: a second run of the same
 * file at once waits, then finds it imported (409), and a run that fails leaves it previewed.
 */
export async function runImport(
	db: Database,
	organizationId: string,
	id: string,
): Promise<ImportDetail | null> {
	return db.transaction(async (tx) => {
		const [stored] = await tx
			.select({ content: imports.content, status: imports.status })
			.from(imports)
			.where(and(eq(imports.organizationId, organizationId), eq(imports.id, id)))
			.for('update')
		if (!stored) return null
		if (stored.status === 'imported') throw new ImportAlreadyRun('This file was imported already')
		// The batch's own transaction runs inside this one (a savepoint).
		const inTx = tx as unknown as Database
		const parsed = await parseImport(inTx, organizationId, stored.content)
		if (batchItems(parsed.body) > 0) await ingestBatch(inTx, organizationId, parsed.body)
		await tx
			.update(imports)
			.set({
				status: 'imported',
				goodRows: parsed.goodRows,
				badRows: parsed.errors.length,
				importedRows: parsed.goodRows,
				errors: parsed.errors,
				importedAt: new Date(),
			})
			.where(and(eq(imports.organizationId, organizationId), eq(imports.id, id)))
		return getImport(inTx, organizationId, id)
	})
}
