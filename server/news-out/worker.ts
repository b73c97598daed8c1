import type { Logger } from '../log'
import { createPoller } from '../poller'
import type { Database } from '../db/client'
import type { AddressPolicy } from './address-guard'
import { dispatchDomainEvents } from './dispatcher'
import { DIGEST_HOUR_UTC, flushNotifications, runDailyDigest } from './notification-mail'
import { deliverDue } from './webhooks'

/**
 * The news-out worker (ADR 0020), started by the composition root like the outbox
 * sender: one loop that, each tick, fans out new domain events (./dispatcher.ts), sends the due
 * webhook deliveries (./webhooks.ts), turns waiting notification lines into e-mails and, once a
 * day, writes the digest (./notification-mail.ts). Every step claims its rows with FOR UPDATE
 * SKIP LOCKED, so any number of processes may run it. `runDueNow(now)` is one tick with a given
 * clock: the tests and the bench drive it without waiting.
 */
export interface NewsWorkerOptions {
	db: Database
	policy: AddressPolicy
	publicUrl: string
	unsubscribeKey: Buffer
	/** Pause between ticks while there is nothing to do. */
	intervalMs?: number
	log?: Pick<Logger, 'info' | 'warn'>
}

export interface TickResult {
	dispatched: number
	attempted: number
	emails: number
	digests: number
}

export function createNewsWorker(opts: NewsWorkerOptions) {
	const intervalMs = opts.intervalMs ?? 500
	/** The UTC day this process last ran the digest for (the database's digest_runs decides; this saves asking each tick). */
	let digestDay = ''

	async function runDueNow(now = new Date()): Promise<TickResult> {
		const dispatched = await dispatchDomainEvents(opts.db, now)
		const attempted = await deliverDue({
			db: opts.db,
			policy: opts.policy,
			now,
			publicUrl: opts.publicUrl,
		})
		const mail = {
			db: opts.db,
			now,
			publicUrl: opts.publicUrl,
			unsubscribeKey: opts.unsubscribeKey,
		}
		const emails = await flushNotifications(mail)
		const day = now.toISOString().slice(0, 10)
		let digests = 0
		if (day !== digestDay && now.getUTCHours() >= DIGEST_HOUR_UTC) {
			digests = await runDailyDigest(mail)
			digestDay = day
		}
		return { dispatched, attempted, emails, digests }
	}

	const poller = createPoller(
		() => runDueNow(),
		// Work done: there may be more (or deliveries just made due), go on at once.
		(r) => (r.dispatched || r.attempted ? 0 : intervalMs),
		(error) => {
			opts.log?.warn({ err: error }, 'news-out worker failed')
			return intervalMs * 10
		},
	)

	return {
		runDueNow,
		start: poller.start,
		/** Stops ticking and waits for a tick in flight (SIGTERM). */
		stop: poller.stop,
	}
}

export type NewsWorker = ReturnType<typeof createNewsWorker>
