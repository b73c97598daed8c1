import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { SendMailOptions } from 'nodemailer'
import type { Database } from '../db/client'
import { outboxEmails } from '../db/schema'

/**
 * The outbox sender (ARCHITECTURE.md rule 7, "e-mail … when configured: SMTP (nodemailer)"):
 * started by the composition root only when SMTP_URL is set, it polls outbox_emails for rows
 * not yet sent and sends them through the transport, one batch at a time, never two batches
 * at once. Each row is claimed first (attempts + 1 and a lease in next_attempt_at, with SKIP
 * LOCKED), so several API processes on one PostgreSQL never send a row twice, and a process
 * that dies mid-send hands its rows back when the lease passes. A failure records last_error
 * and backs off (1, 2, 4, 8 … minutes, at most an hour); after MAX_ATTEMPTS the row stays
 * unsent for an administrator to read on /outbox.
 */
export const MAX_ATTEMPTS = 5
const LEASE_MS = 5 * 60_000

/** The part of a nodemailer transporter the sender uses (a fake in tests). */
export interface MailTransport {
	sendMail(message: SendMailOptions): Promise<unknown>
}

export interface OutboxSenderOptions {
	db: Database
	transport: MailTransport
	/** The From header, e.g. 'Waymark <no-reply@waymark.example.com>'. */
	from: string
	/** Pause between polls when the outbox is drained. */
	intervalMs?: number
	batchSize?: number
	log?: { info(msg: string, f?: Record<string, unknown>): void; warn(msg: string, f?: Record<string, unknown>): void }
}

/** Back-off after the n-th failed attempt: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
	return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1))
}

export function createOutboxSender(opts: OutboxSenderOptions) {
	const { db, transport, from } = opts
	const intervalMs = opts.intervalMs ?? 10_000
	const batchSize = opts.batchSize ?? 20
	let timer: ReturnType<typeof setTimeout> | null = null
	let running: Promise<unknown> | null = null
	let stopped = true

	/** Claims up to batchSize due rows: attempts + 1 and a lease, atomically. */
	async function claim(now: Date) {
		const due = db
			.select({ id: outboxEmails.id })
			.from(outboxEmails)
			.where(
				and(
					isNull(outboxEmails.sentAt),
					lt(outboxEmails.attempts, MAX_ATTEMPTS),
					or(isNull(outboxEmails.nextAttemptAt), lte(outboxEmails.nextAttemptAt, now)),
				),
			)
			.orderBy(asc(outboxEmails.createdAt))
			.limit(batchSize)
			.for('update', { skipLocked: true })
		return db
			.update(outboxEmails)
			.set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
			.where(inArray(outboxEmails.id, due))
			.returning()
	}

	/** Sends what is due now; answers how many were sent and how many failed. */
	async function sendPending(now = new Date()): Promise<{ sent: number; failed: number }> {
		const rows = await claim(now)
		let sent = 0
		let failed = 0
		for (const row of rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
			try {
				await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined, attachments: row.attachments ?? undefined, headers: row.headers ?? undefined })
				await db.update(outboxEmails).set({ sentAt: new Date(), lastError: null, nextAttemptAt: null }).where(eq(outboxEmails.id, row.id))
				sent++
			} catch (error) {
				const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
				await db
					.update(outboxEmails)
					.set({ lastError: message, nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)) })
					.where(eq(outboxEmails.id, row.id))
				opts.log?.warn('e-mail not sent', { id: row.id, attempts: row.attempts, error: message })
				failed++
			}
		}
		if (sent || failed) opts.log?.info('outbox sent', { sent, failed })
		return { sent, failed }
	}

	function schedule(delay: number) {
		if (stopped) return
		timer = setTimeout(() => {
			timer = null
			running = sendPending()
				.then(
					// A full batch: there may be more, go on at once.
					({ sent, failed }) => (sent + failed >= batchSize ? 0 : intervalMs),
					(error: unknown) => {
						opts.log?.warn('outbox sender failed', { error: String(error) })
						return intervalMs
					},
				)
				.then((next) => {
					running = null
					schedule(next)
				})
		}, delay)
	}

	return {
		sendPending,
		/** Starts polling (the first poll right away). */
		start() {
			if (!stopped) return
			stopped = false
			schedule(0)
		},
		/** Stops polling and waits for a batch in flight to finish (SIGTERM). */
		async stop() {
			stopped = true
			if (timer) clearTimeout(timer)
			timer = null
			await running
		},
	}
}

export type OutboxSender = ReturnType<typeof createOutboxSender>
