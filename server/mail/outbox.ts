import type { Database } from '../db/client'
import { outboxEmails, type OutboxAttachment } from '../db/schema'

/**
 * The mailer (docs/architecture.md rule 7, "e-mail: an outbox table … SMTP (nodemailer)"):
 * every e-mail the product sends is a row in outbox_emails, written in the same
 * transaction as the change that causes it, so a refused or failed change sends nothing
 * and a committed one is never lost. Delivery is separate: with SMTP configured the
 * outbox sender (./sender.ts) sends unsent rows; without it the rows stay for admins
 * to read (/outbox).
 */
export interface OutgoingEmail {
	organizationId: string | null
	to: string
	subject: string
	text: string
	html?: string | null
	/** Files sent with it (the Issues Log report's CSV). */
	attachments?: OutboxAttachment[]
	/** Headers besides the usual ones: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notifications. */
	headers?: Record<string, string>
}

/** A database or a transaction on it. */
type Writer = Pick<Database, 'insert'>

export async function queueEmail(db: Writer, email: OutgoingEmail): Promise<void> {
	await db.insert(outboxEmails).values({
		organizationId: email.organizationId,
		to: email.to,
		subject: email.subject,
		text: email.text,
		html: email.html ?? null,
		attachments: email.attachments?.length ? email.attachments : null,
		headers: email.headers && Object.keys(email.headers).length ? email.headers : null,
	})
}

const HTML_ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
}
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
