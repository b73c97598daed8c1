import { and, asc, count, desc, eq, isNull, or } from 'drizzle-orm'
import type { Database } from '../db/client'
import { documentTypes, documents, photos } from '../db/schema'
import type { DocumentFile, PhotoFile } from './files.contract'
import type { z } from '@hono/zod-openapi'
import { recordHistoricalLog } from '../orders/history'
import { recordDomainEvents } from '../domain-events/record'

/**
 * Documents and photos of one order (002 §3, §7). Every read and write is
 * scoped by the caller's organization: another tenant's order, document or
 * photo reads as not found.
 */

type Writer = Pick<Database, 'insert' | 'update' | 'execute'>
type DocumentRow = typeof documents.$inferSelect
type PhotoRow = typeof photos.$inferSelect

export const documentUrl = (shipSetId: string, id: string) =>
	`/api/web/ship_sets/${shipSetId}/documents/${id}/download`
export const photoUrl = (shipSetId: string, id: string) =>
	`/api/web/ship_sets/${shipSetId}/photos/${id}/download`

export function documentWire(
	d: DocumentRow,
	type: { name: string; code: string } | null,
): z.infer<typeof DocumentFile> {
	return {
		id: d.id,
		file_file_name: d.fileFileName,
		file_url: documentUrl(d.shipSetId, d.id),
		file_content_type: d.fileContentType,
		file_size: d.fileSize,
		created_at: d.createdAt.toISOString(),
		updated_at: d.updatedAt.toISOString(),
		document_type: type,
		other_document_type: d.otherDocumentType,
		blockchain_verified: d.blockchainVerified,
	}
}

export function photoWire(p: PhotoRow): z.infer<typeof PhotoFile> {
	return {
		id: p.id,
		image_url: photoUrl(p.shipSetId, p.id),
		image_file_name: p.imageFileName,
		content_type: p.contentType,
		notes: p.notes,
		updated_at: p.updatedAt.toISOString(),
	}
}

const typeOf = (name: string | null, code: string | null) =>
	name !== null && code !== null ? { name, code } : null

/** A page of the order's documents, newest first (002 §7 "query offset, limit (default 5)"). */
export async function listDocuments(
	db: Database,
	organizationId: string,
	shipSetId: string,
	offset: number,
	limit: number,
) {
	const where = and(
		eq(documents.shipSetId, shipSetId),
		eq(documents.organizationId, organizationId),
	)
	const [rows, [total]] = await Promise.all([
		db
			.select({ doc: documents, typeName: documentTypes.name, typeCode: documentTypes.code })
			.from(documents)
			.leftJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
			.where(where)
			.orderBy(desc(documents.createdAt), asc(documents.id))
			.offset(offset)
			.limit(limit),
		db.select({ n: count() }).from(documents).where(where),
	])
	return {
		documents: rows.map((r) => documentWire(r.doc, typeOf(r.typeName, r.typeCode))),
		total_count: total?.n ?? 0,
	}
}

/** One document of the order, with the fields the download needs. */
export async function findDocument(
	db: Database,
	organizationId: string,
	shipSetId: string,
	documentId: string,
) {
	const [row] = await db
		.select()
		.from(documents)
		.where(
			and(
				eq(documents.id, documentId),
				eq(documents.shipSetId, shipSetId),
				eq(documents.organizationId, organizationId),
			),
		)
	return row ?? null
}

/** The document types a supply chain may choose: the global ones and its own, by name. */
export async function listDocumentTypes(db: Database, organizationId: string) {
	return db
		.select({ id: documentTypes.id, name: documentTypes.name, code: documentTypes.code })
		.from(documentTypes)
		.where(
			or(isNull(documentTypes.organizationId), eq(documentTypes.organizationId, organizationId)),
		)
		.orderBy(asc(documentTypes.name), asc(documentTypes.id))
}

export async function findDocumentType(db: Database, organizationId: string, id: string) {
	const [row] = await db
		.select({ id: documentTypes.id, name: documentTypes.name, code: documentTypes.code })
		.from(documentTypes)
		.where(
			and(
				eq(documentTypes.id, id),
				or(isNull(documentTypes.organizationId), eq(documentTypes.organizationId, organizationId)),
			),
		)
	return row ?? null
}

/** The order's photos, newest first (002 §7 "query offset, limit (30)"). */
export async function listPhotos(
	db: Database,
	organizationId: string,
	shipSetId: string,
	offset: number,
	limit: number,
) {
	const where = and(eq(photos.shipSetId, shipSetId), eq(photos.organizationId, organizationId))
	const [rows, [total]] = await Promise.all([
		db
			.select()
			.from(photos)
			.where(where)
			.orderBy(desc(photos.createdAt), asc(photos.id))
			.offset(offset)
			.limit(limit),
		db.select({ n: count() }).from(photos).where(where),
	])
	return { photos: rows.map(photoWire), total_count: total?.n ?? 0 }
}

export async function findPhoto(
	db: Database,
	organizationId: string,
	shipSetId: string,
	photoId: string,
) {
	const [row] = await db
		.select()
		.from(photos)
		.where(
			and(
				eq(photos.id, photoId),
				eq(photos.shipSetId, shipSetId),
				eq(photos.organizationId, organizationId),
			),
		)
	return row ?? null
}

export interface NewDocument {
	id: string
	organizationId: string
	shipSetId: string
	userId: string
	documentTypeId: string
	otherDocumentType: string | null
	fileFileName: string
	fileContentType: string
	fileSize: number
	storageKey: string
	sha256: string
}

/** The document's row and its historical-log line, in the caller's transaction. */
export async function insertDocument(tx: Writer, doc: NewDocument): Promise<DocumentRow> {
	const [row] = await tx
		.insert(documents)
		.values({ ...doc, uploadedByUserId: doc.userId })
		.returning()
	if (!row) throw new Error('document insert returned no row')
	await recordHistoricalLog(tx, {
		organizationId: doc.organizationId,
		shipSetId: doc.shipSetId,
		userId: doc.userId,
		message: `Document ${doc.fileFileName} uploaded`,
		documentId: row.id,
	})
	return row
}

export interface NewPhoto {
	id: string
	organizationId: string
	shipSetId: string
	userId: string
	imageFileName: string
	contentType: string
	fileSize: number
	storageKey: string
}

/** The photos' rows and one historical-log line each, in the caller's transaction. */
export async function insertPhotos(tx: Writer, list: NewPhoto[]): Promise<PhotoRow[]> {
	const rows = await tx
		.insert(photos)
		.values(list.map((p) => ({ ...p, uploadedByUserId: p.userId })))
		.returning()
	for (const p of list) {
		await recordHistoricalLog(tx, {
			organizationId: p.organizationId,
			shipSetId: p.shipSetId,
			userId: p.userId,
			message: `Photo ${p.imageFileName} uploaded`,
		})
	}
	return rows
}

/** 'Comment on Photo': the notes and a historical-log line, in the caller's transaction. */
export async function updatePhotoNotes(
	tx: Writer,
	photo: PhotoRow,
	userId: string,
	notes: string,
): Promise<PhotoRow> {
	const [row] = await tx
		.update(photos)
		.set({ notes: notes || null, updatedAt: new Date() })
		.where(and(eq(photos.id, photo.id), eq(photos.organizationId, photo.organizationId)))
		.returning()
	if (!row) throw new Error('photo update returned no row')
	await recordHistoricalLog(tx, {
		organizationId: photo.organizationId,
		shipSetId: photo.shipSetId,
		userId,
		message: notes
			? `Comment on photo ${photo.imageFileName}: ${notes}`
			: `Comment on photo ${photo.imageFileName} removed`,
	})
	// A comment on a photo is a comment added: webhooks and the comments flag of followers' e-mails.
	if (notes) {
		await recordDomainEvents(tx, [
			{
				organizationId: photo.organizationId,
				kind: 'comment.added',
				shipSetId: photo.shipSetId,
				occurredAt: row.updatedAt,
				payload: {
					photo_id: photo.id,
					photo_file_name: photo.imageFileName,
					author_user_id: userId,
					excerpt: notes.length > 200 ? `${notes.slice(0, 200)}…` : notes,
					mentioned_user_ids: [],
				},
			},
		])
	}
	return row
}
