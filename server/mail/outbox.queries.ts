import { count, desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { outboxEmails } from '../db/schema'
import { iso } from '../timeline/wire'

/** The organization's outbox, newest first (docs/architecture.md: "an outbox table, readable by admins"). */
export async function outboxPage(
	db: Database,
	organizationId: string,
	offset: number,
	limit: number,
) {
	const where = eq(outboxEmails.organizationId, organizationId)
	const [rows, [total]] = await Promise.all([
		db
			.select()
			.from(outboxEmails)
			.where(where)
			.orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
			.offset(offset)
			.limit(limit),
		db.select({ n: count() }).from(outboxEmails).where(where),
	])
	return {
		emails: rows.map((r) => ({
			id: r.id,
			to: r.to,
			subject: r.subject,
			text: r.text,
			created_at: r.createdAt.toISOString(),
			sent_at: iso(r.sentAt),
			attempts: r.attempts,
			last_error: r.lastError,
			attachments: (r.attachments ?? []).map((a) => ({
				filename: a.filename,
				content_type: a.contentType,
				size: Buffer.byteLength(a.content),
			})),
		})),
		total_count: total?.n ?? 0,
	}
}
