import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { migrate, openDatabase, type DatabaseHandle } from '../../server/db/client'
import { outboxEmails } from '../../server/db/schema'
import { queueEmail } from '../../server/mail/outbox'
import {
	createOutboxSender,
	MAX_ATTEMPTS,
	retryDelayMs,
	type MailTransport,
} from '../../server/mail/sender'

/**
 * The outbox sender (server/mail/sender.ts) on a fresh database: nodemailer's JSON transport
 * builds the real messages; a fake transport fails on purpose.
 */
let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openDatabase({ memory: true })
	await migrate(handle)
})
afterAll(async () => {
	await handle?.close()
})
beforeEach(async () => {
	await handle.db.delete(outboxEmails)
})

const FROM = 'Waymark <no-reply@waymark.test>'
const mail = (to: string) =>
	queueEmail(handle.db, {
		organizationId: null,
		to,
		subject: `Hello ${to}`,
		text: `Text for ${to}`,
		html: `<p>${to}</p>`,
	})

function jsonTransport() {
	const sent: {
		from: { address: string; name: string }
		to: { address: string }[]
		subject: string
		text: string
		html: string
	}[] = []
	const t = nodemailer.createTransport({ jsonTransport: true })
	const transport: MailTransport = {
		async sendMail(message) {
			const info = await t.sendMail(message)
			sent.push(JSON.parse(String(info.message)))
			return info
		},
	}
	return { transport, sent }
}

describe('outbox sender', () => {
	it('sends unsent rows oldest first and marks them sent, once', async () => {
		await mail('a@example.com')
		await mail('b@example.com')
		const { transport, sent } = jsonTransport()
		const sender = createOutboxSender({ db: handle.db, transport, from: FROM })
		expect(await sender.sendPending()).toEqual({ sent: 2, failed: 0 })
		expect(sent.map((m) => [m.to[0]!.address, m.subject, m.text, m.html, m.from.address])).toEqual([
			[
				'a@example.com',
				'Hello a@example.com',
				'Text for a@example.com',
				'<p>a@example.com</p>',
				'no-reply@waymark.test',
			],
			[
				'b@example.com',
				'Hello b@example.com',
				'Text for b@example.com',
				'<p>b@example.com</p>',
				'no-reply@waymark.test',
			],
		])
		const rows = await handle.db.select().from(outboxEmails)
		expect(
			rows.every(
				(r) => r.sentAt && r.attempts === 1 && r.lastError === null && r.nextAttemptAt === null,
			),
		).toBe(true)
		// Nothing left to send.
		expect(await sender.sendPending()).toEqual({ sent: 0, failed: 0 })
		expect(sent).toHaveLength(2)
	})

	it('records a failure, backs off, retries when due and gives up after MAX_ATTEMPTS', async () => {
		await mail('down@example.com')
		let calls = 0
		const failing: MailTransport = {
			async sendMail() {
				calls++
				throw new Error('connect ECONNREFUSED 127.0.0.1:25')
			},
		}
		const sender = createOutboxSender({ db: handle.db, transport: failing, from: FROM })
		const t0 = new Date()
		expect(await sender.sendPending(t0)).toEqual({ sent: 0, failed: 1 })
		let [row] = await handle.db.select().from(outboxEmails)
		expect(row).toMatchObject({
			sentAt: null,
			attempts: 1,
			lastError: 'connect ECONNREFUSED 127.0.0.1:25',
		})
		expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(t0.getTime() + 50_000)
		// Not due yet: no second try.
		expect(await sender.sendPending(t0)).toEqual({ sent: 0, failed: 0 })
		expect(calls).toBe(1)
		// Due again each time the back-off has passed, until MAX_ATTEMPTS.
		for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
			;[row] = await handle.db.select().from(outboxEmails)
			expect(await sender.sendPending(new Date(row!.nextAttemptAt!.getTime() + 1))).toEqual({
				sent: 0,
				failed: 1,
			})
		}
		;[row] = await handle.db.select().from(outboxEmails)
		expect(row!.attempts).toBe(MAX_ATTEMPTS)
		expect(await sender.sendPending(new Date(Date.now() + 365 * 86_400_000))).toEqual({
			sent: 0,
			failed: 0,
		})
		expect(calls).toBe(MAX_ATTEMPTS)
	})

	it('a row claimed by another sender (its lease running) is not sent twice', async () => {
		await mail('leased@example.com')
		await handle.db
			.update(outboxEmails)
			.set({ attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) })
			.where(eq(outboxEmails.to, 'leased@example.com'))
		const { transport, sent } = jsonTransport()
		const sender = createOutboxSender({ db: handle.db, transport, from: FROM })
		expect(await sender.sendPending()).toEqual({ sent: 0, failed: 0 })
		// Once the lease has passed (that sender died), the row is sent.
		expect(await sender.sendPending(new Date(Date.now() + 120_000))).toEqual({ sent: 1, failed: 0 })
		expect(sent).toHaveLength(1)
	})

	it('start polls in the background; stop waits for the batch in flight and ends polling', async () => {
		await mail('bg@example.com')
		let release!: () => void
		const gate = new Promise<void>((r) => (release = r))
		const delivered: string[] = []
		const slow: MailTransport = {
			async sendMail(message) {
				await gate
				delivered.push(String(message.to))
			},
		}
		const sender = createOutboxSender({
			db: handle.db,
			transport: slow,
			from: FROM,
			intervalMs: 60_000,
		})
		sender.start()
		await expect
			.poll(async () => (await handle.db.select().from(outboxEmails))[0]!.attempts)
			.toBe(1)
		const stopping = sender.stop()
		release()
		await stopping
		expect(delivered).toEqual(['bg@example.com'])
		const [row] = await handle.db.select().from(outboxEmails)
		expect(row!.sentAt).not.toBeNull()
		// Stopped: a new row stays unsent.
		await mail('late@example.com')
		await new Promise((r) => setImmediate(r))
		const [late] = await handle.db
			.select()
			.from(outboxEmails)
			.where(eq(outboxEmails.to, 'late@example.com'))
		expect(late!.attempts).toBe(0)
	})

	it('backs off 1, 2, 4 … minutes, at most an hour', () => {
		expect([1, 2, 3, 4, 8].map(retryDelayMs)).toEqual([
			60_000, 120_000, 240_000, 480_000, 3_600_000,
		])
	})
})
