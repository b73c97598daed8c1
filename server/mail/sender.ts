import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import nodemailer, { type SendMailOptions } from 'nodemailer'
import type { Database } from '../db/client'
import { outboxEmails } from '../db/schema'
import type { Logger } from '../log'
import { createPoller } from '../poller'

/**
 * The outbox sender (docs/architecture.md rule 7, "e-mail … when configured: SMTP (nodemailer)"):
 * started by the composition root only when SMTP_URL is set, it polls outbox_emails for rows
 * not yet sent and sends them through the transport, one batch at a time, never two batches
 * at once. Each row is claimed first (attempts + 1 and a lease in next_attempt_at, with SKIP
 * LOCKED), so several API processes on one PostgreSQL never send a row twice, and a process
 * that dies mid-send hands its rows back when the lease passes; a send never outlives its lease
 * (MAIL_TIMEOUTS below). A failure records last_error
 * and backs off (1, 2, 4, 8 … minutes, at most an hour); after MAX_ATTEMPTS the row stays
 * unsent for an administrator to read on /outbox.
 */
export const MAX_ATTEMPTS = 5
/** How long a claimed row is this sender's: another process may take it once this has passed. */
export const LEASE_MS = 5 * 60_000

/**
 * The SMTP timeouts ("socket timeouts shorter than the outbox lease so no
 * e-mail goes twice"). nodemailer's own defaults let one send hang for 10 minutes (socket
 * inactivity), twice the lease: another process would then claim and send the row while this
 * one might still deliver it. Here every wait is bounded, and one message as a whole may take at
 * most `sendDeadlineMs` (its AbortSignal: nodemailer closes the connection delivering it), so a
 * send always ends — delivered or failed — well inside its lease.
 */
export type MailTimeouts = Record<
	'connectionTimeout' | 'greetingTimeout' | 'socketTimeout' | 'dnsTimeout' | 'sendDeadlineMs',
	number
>

export const MAIL_TIMEOUTS: Readonly<MailTimeouts> = {
	/** TCP (and TLS) connect. */
	connectionTimeout: 15_000,
	/** The server's 220 greeting (and a STARTTLS upgrade). */
	greetingTimeout: 15_000,
	/** Silence on an open connection. */
	socketTimeout: 45_000,
	dnsTimeout: 10_000,
	/** One message from hand-over to the server's answer, whatever the server does. */
	sendDeadlineMs: 60_000,
}

/**
 * The SMTP transport for SMTP_URL: pooled (a few connections kept open and reused, up to 100
 * messages each), with the timeouts above. `maxRequeues: 0`: a connection that drops mid-send
 * fails that message instead of the pool quietly sending it again on another connection — the
 * outbox retries it after its back-off, once, with the attempt counted.
 */
export function createSmtpTransport(url: string, timeouts: Partial<MailTimeouts> = {}) {
	const { sendDeadlineMs: _deadline, ...socket } = { ...MAIL_TIMEOUTS, ...timeouts }
	return nodemailer.createTransport({
		url,
		pool: true,
		maxConnections: 2,
		maxMessages: 100,
		maxRequeues: 0,
		...socket,
	})
}

/** The part of a nodemailer transporter the sender uses (a fake in tests). */
export interface MailTransport {
	sendMail(message: SendMailOptions): Promise<unknown>
	/** Closes pooled connections (on stop). */
	close?(): void
}

export interface OutboxSenderOptions {
	db: Database
	transport: MailTransport
	/** The From header, e.g. 'Waymark <no-reply@waymark.example.com>'. */
	from: string
	/** Pause between polls when the outbox is drained. */
	intervalMs?: number
	batchSize?: number
	/** Tests shorten these; production keeps LEASE_MS and MAIL_TIMEOUTS.sendDeadlineMs. */
	leaseMs?: number
	sendDeadlineMs?: number
	log?: Pick<Logger, 'info' | 'warn'>
}

/** Back-off after the n-th failed attempt: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
	return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1))
}

export function createOutboxSender(opts: OutboxSenderOptions) {
	const { db, transport, from } = opts
	const intervalMs = opts.intervalMs ?? 10_000
	const batchSize = opts.batchSize ?? 20
	const leaseMs = opts.leaseMs ?? LEASE_MS
	const sendDeadlineMs = opts.sendDeadlineMs ?? MAIL_TIMEOUTS.sendDeadlineMs
	if (sendDeadlineMs >= leaseMs)
		throw new Error('An e-mail’s send deadline must be shorter than the outbox lease')

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
			.set({
				attempts: sql`${outboxEmails.attempts} + 1`,
				nextAttemptAt: new Date(now.getTime() + leaseMs),
			})
			.where(inArray(outboxEmails.id, due))
			.returning()
	}

	/** Sends what is due now; answers how many were sent and how many failed. */
	async function sendPending(now = new Date()): Promise<{ sent: number; failed: number }> {
		const rows = await claim(now)
		// The lease is counted from the real clock: `now` may be a test's future.
		const leaseEnd = Date.now() + leaseMs
		let sent = 0
		let failed = 0
		const queue = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
		for (const [index, row] of queue.entries()) {
			// Too little of the lease left for one more send at its longest: hand the rest back
			// (their claim undone) rather than risk sending a row another process may claim.
			if (Date.now() + sendDeadlineMs >= leaseEnd) {
				const rest = queue.slice(index).map((r) => r.id)
				await db
					.update(outboxEmails)
					.set({ attempts: sql`${outboxEmails.attempts} - 1`, nextAttemptAt: null })
					.where(and(inArray(outboxEmails.id, rest), isNull(outboxEmails.sentAt)))
				opts.log?.info({ handedBack: rest.length }, 'outbox lease running out, rows handed back')
				break
			}
			try {
				await transport.sendMail({
					from,
					to: row.to,
					subject: row.subject,
					text: row.text,
					html: row.html ?? undefined,
					attachments: row.attachments ?? undefined,
					headers: row.headers ?? undefined,
					signal: AbortSignal.timeout(sendDeadlineMs),
				})
				await db
					.update(outboxEmails)
					.set({ sentAt: new Date(), lastError: null, nextAttemptAt: null })
					.where(eq(outboxEmails.id, row.id))
				sent++
			} catch (error) {
				const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
				await db
					.update(outboxEmails)
					.set({
						lastError: message,
						nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
					})
					.where(eq(outboxEmails.id, row.id))
				opts.log?.warn({ id: row.id, attempts: row.attempts, error: message }, 'e-mail not sent')
				failed++
			}
		}
		if (sent || failed) opts.log?.info({ sent, failed }, 'outbox sent')
		return { sent, failed }
	}

	const poller = createPoller(
		sendPending,
		// A full batch: there may be more, go on at once.
		({ sent, failed }) => (sent + failed >= batchSize ? 0 : intervalMs),
		(error) => {
			opts.log?.warn({ err: error }, 'outbox sender failed')
			return intervalMs
		},
	)

	return {
		sendPending,
		/** Starts polling (the first poll right away). */
		start: poller.start,
		/** Stops polling and waits for a batch in flight to finish (SIGTERM). */
		async stop() {
			await poller.stop()
			transport.close?.()
		},
	}
}
