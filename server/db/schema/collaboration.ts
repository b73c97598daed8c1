import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { organizationId, users } from './accounts'
import { createdAt, id, updatedAt } from './columns'
import { nodes, shipSets } from './orders'
import { documentTypes } from './reference'

/** Documents, photos, comments and the order's historical log. File bytes live in the storage backend. */

export const documents = pgTable(
	'documents',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		nodeId: uuid('node_id').references(() => nodes.id, { onDelete: 'set null' }),
		documentTypeId: uuid('document_type_id').references(() => documentTypes.id, {
			onDelete: 'set null',
		}),
		/** Free text when the type is OTHERS. */
		otherDocumentType: text('other_document_type'),
		fileFileName: text('file_file_name').notNull(),
		fileContentType: text('file_content_type').notNull(),
		fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
		/** Key in the storage backend (a path under DATA_DIR/files or an S3 key). */
		storageKey: text('storage_key').notNull(),
		/** Hex SHA-256 of the bytes. */
		sha256: text('sha256'),
		blockchainVerified: boolean('blockchain_verified').notNull().default(false),
		uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, {
			onDelete: 'set null',
		}),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('documents_ship_set_created_idx').on(t.shipSetId, t.createdAt)],
)

export const photos = pgTable(
	'photos',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		nodeId: uuid('node_id').references(() => nodes.id, { onDelete: 'set null' }),
		imageFileName: text('image_file_name').notNull(),
		contentType: text('content_type').notNull(),
		fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
		storageKey: text('storage_key').notNull(),
		/** The 'Comment on Photo' text. */
		notes: text('notes'),
		uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, {
			onDelete: 'set null',
		}),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('photos_ship_set_created_idx').on(t.shipSetId, t.createdAt)],
)

/**
 * A comment on an order (optionally on one node). Mentions are stored inline
 * as `<UserMention>{userId}</UserMention>` and listed in comment_mentions.
 */
export const comments = pgTable(
	'comments',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		nodeId: uuid('node_id').references(() => nodes.id, { onDelete: 'set null' }),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		body: text('body').notNull(),
		hasMention: boolean('has_mention').notNull().default(false),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		// The 500-character limit applies to the visible text (the API checks it); the stored
		// body is longer when it carries mention markup, so the database only bounds it loosely.
		check('comments_body_length', sql`char_length(${t.body}) between 1 and 4000`),
		index('comments_ship_set_created_idx').on(t.shipSetId, t.createdAt),
	],
)

export const commentMentions = pgTable(
	'comment_mentions',
	{
		organizationId: organizationId(),
		commentId: uuid('comment_id')
			.notNull()
			.references(() => comments.id, { onDelete: 'cascade' }),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt: createdAt(),
	},
	(t) => [
		primaryKey({ columns: [t.commentId, t.userId] }),
		index('comment_mentions_user_org_created_idx').on(t.userId, t.organizationId, t.createdAt),
	],
)

/** The 'Historical Logs' modal: who did what to the order, optionally about a document. */
export const historicalLogs = pgTable(
	'historical_logs',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		message: text('message').notNull(),
		documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('historical_logs_ship_set_created_idx').on(t.shipSetId, t.createdAt)],
)
