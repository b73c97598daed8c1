import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import net from 'node:net'
import { migrate, openDatabase, type DatabaseHandle } from '../../server/db/client'
import { outboxEmails } from '../../server/db/schema'
import { queueEmail } from '../../server/mail/outbox'
import {
	createOutboxSender,
	createSmtpTransport,
	LEASE_MS,
	MAIL_TIMEOUTS,
	type MailTimeouts,
} from '../../server/mail/sender'

/**
 * Mail: nodemailer, pooled, with socket timeouts shorter than the outbox lease so no
 * e-mail goes twice. The SMTP server is a small one of our own on 127.0.0.1 (net), which counts
 * the messages it accepted (answered 250) and can be silent, stall mid-message or answer slowly.
 */

type Mode = 'ok' | 'silent' | 'stall-after-data' | { slowMs: number }

function fakeSmtp() {
	const accepted: string[] = []
	let connections = 0
	let mode: Mode = 'ok'
	const sockets = new Set<net.Socket>()
	const server = net.createServer((socket) => {
		connections++
		sockets.add(socket)
		socket.on('close', () => sockets.delete(socket))
		socket.on('error', () => {})
		if (mode === 'silent') return // never greets
		socket.write('220 fake.test ESMTP\r\n')
		let buffer = ''
		let inData = false
		socket.on('data', (chunk: Buffer) => {
			buffer += chunk.toString('utf8')
			for (;;) {
				if (inData) {
					const end = buffer.indexOf('\r\n.\r\n')
					if (end < 0) return
					const message = buffer.slice(0, end)
					buffer = buffer.slice(end + 5)
					inData = false
					if (mode === 'stall-after-data') return // the message is never accepted
					const accept = () => {
						accepted.push(message)
						if (!socket.destroyed) socket.write('250 2.0.0 queued\r\n')
					}
					if (typeof mode === 'object') setTimeout(accept, mode.slowMs)
					else accept()
					continue
				}
				const at = buffer.indexOf('\r\n')
				if (at < 0) return
				const line = buffer.slice(0, at)
				buffer = buffer.slice(at + 2)
				const verb = line.slice(0, 4).toUpperCase()
				if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.test\r\n250 8BITMIME\r\n')
				else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP')
					socket.write('250 OK\r\n')
				else if (verb === 'DATA') {
					inData = true
					socket.write('354 go ahead\r\n')
				} else if (verb === 'QUIT') socket.end('221 bye\r\n')
				else socket.write('502 unknown\r\n')
			}
		})
	})
	return {
		accepted,
		get connections() {
			return connections
		},
		set mode(m: Mode) {
			mode = m
		},
		async listen() {
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
			return `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`
		},
		async close() {
			for (const s of sockets) s.destroy()
			await new Promise((resolve) => server.close(resolve))
		},
	}
}

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openDatabase({ memory: true })
	await migrate(handle)
})
afterAll(async () => {
	await handle?.close()
})

let smtp: ReturnType<typeof fakeSmtp>
let url: string
const transports: { close(): void }[] = []
beforeEach(async () => {
	await handle.db.delete(outboxEmails)
	smtp = fakeSmtp()
	url = await smtp.listen()
})
afterEach(async () => {
	for (const t of transports.splice(0)) t.close()
	await smtp.close()
})

const FROM = 'Waymark <no-reply@waymark.test>'
const mail = (to: string) =>
	queueEmail(handle.db, {
		organizationId: null,
		to,
		subject: `Hello ${to}`,
		text: `Text for ${to}`,
	})
const row = async (to: string) =>
	(await handle.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)))[0]!
/** A transport with timeouts of seconds, not minutes (generous enough for a loaded CI machine). */
function transport(timeouts: Partial<MailTimeouts> = {}) {
	const t = createSmtpTransport(url, {
		connectionTimeout: 5_000,
		greetingTimeout: 5_000,
		socketTimeout: 10_000,
		...timeouts,
	})
	transports.push(t)
	return t
}

describe('the SMTP transport', () => {
	it('keeps every timeout, and a whole send, well inside the outbox lease', () => {
		const { connectionTimeout, greetingTimeout, socketTimeout, sendDeadlineMs } = MAIL_TIMEOUTS
		expect(Math.max(connectionTimeout, greetingTimeout, socketTimeout)).toBeLessThanOrEqual(
			sendDeadlineMs,
		)
		expect(sendDeadlineMs * 2).toBeLessThan(LEASE_MS)
		const options = createSmtpTransport('smtp://mail.example.test:587').options as Record<
			string,
			unknown
		>
		expect(options).toMatchObject({
			pool: true,
			maxRequeues: 0,
			host: 'mail.example.test',
			port: 587,
			connectionTimeout,
			greetingTimeout,
			socketTimeout,
		})
	})

	it('sends each e-mail once, over the pool’s connections', async () => {
		for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await mail(to)
		const sender = createOutboxSender({ db: handle.db, transport: transport(), from: FROM })
		expect(await sender.sendPending()).toEqual({ sent: 3, failed: 0 })
		expect(await sender.sendPending()).toEqual({ sent: 0, failed: 0 })
		expect(smtp.accepted).toHaveLength(3)
		// Two pooled connections may finish in either order: each address once, whatever the order.
		expect(smtp.accepted.map((m) => /^To: (.*)$/m.exec(m)?.[1]).sort()).toEqual([
			'a@example.com',
			'b@example.com',
			'c@example.com',
		])
		// Pooled: the connections are reused (at most maxConnections, 2), not one per message.
		expect(smtp.connections).toBeLessThanOrEqual(2)
	})

	it('a server that never greets times out inside the lease; the row is retried after its back-off and sent once', async () => {
		await mail('silent@example.com')
		smtp.mode = 'silent'
		const sender = createOutboxSender({
			db: handle.db,
			transport: transport({ greetingTimeout: 300 }),
			from: FROM,
		})
		const started = Date.now()
		expect(await sender.sendPending()).toEqual({ sent: 0, failed: 1 })
		expect(Date.now() - started).toBeLessThan(5_000)
		const failed = await row('silent@example.com')
		expect(failed).toMatchObject({
			sentAt: null,
			attempts: 1,
			lastError: expect.stringMatching(/greeting|timeout/i),
		})
		// Not due again until its back-off (1 minute) has passed.
		expect(await sender.sendPending()).toEqual({ sent: 0, failed: 0 })
		smtp.mode = 'ok'
		expect(await sender.sendPending(new Date(failed.nextAttemptAt!.getTime() + 1))).toEqual({
			sent: 1,
			failed: 0,
		})
		expect(smtp.accepted).toHaveLength(1)
		expect(await row('silent@example.com')).toMatchObject({
			attempts: 2,
			lastError: null,
			sentAt: expect.any(Date),
		})
	})

	it('a server that stalls mid-message is cut off at the send deadline (no socket timeout would end it in time), then retried once', async () => {
		await mail('stall@example.com')
		smtp.mode = 'stall-after-data'
		// The socket timeout alone would wait far longer than this test's lease; the deadline ends the send.
		const sender = createOutboxSender({
			db: handle.db,
			transport: transport({ socketTimeout: 60_000 }),
			from: FROM,
			leaseMs: 6_000,
			sendDeadlineMs: 2_000,
		})
		const started = Date.now()
		expect(await sender.sendPending()).toEqual({ sent: 0, failed: 1 })
		expect(Date.now() - started).toBeLessThan(6_000)
		const failed = await row('stall@example.com')
		expect(failed.lastError).toMatch(/abort|timeout/i)
		smtp.mode = 'ok'
		expect(await sender.sendPending(new Date(failed.nextAttemptAt!.getTime() + 1))).toEqual({
			sent: 1,
			failed: 0,
		})
		expect(smtp.accepted).toHaveLength(1)
	})

	it('hands the rest of a batch back when the lease could run out before one more send', async () => {
		for (const to of ['one@example.com', 'two@example.com', 'three@example.com']) await mail(to)
		smtp.mode = { slowMs: 1_000 }
		const sender = createOutboxSender({
			db: handle.db,
			transport: transport(),
			from: FROM,
			leaseMs: 3_000,
			sendDeadlineMs: 1_500,
		})
		const first = await sender.sendPending()
		expect(first.sent).toBeGreaterThanOrEqual(1)
		expect(first.sent).toBeLessThan(3)
		const rest = (await handle.db.select().from(outboxEmails)).filter((r) => !r.sentAt)
		// Handed back: their claim undone, due at once, for whichever process polls next.
		expect(rest.length).toBe(3 - first.sent)
		expect(rest.every((r) => r.attempts === 0 && r.nextAttemptAt === null)).toBe(true)
		smtp.mode = 'ok'
		let sent = first.sent
		while (sent < 3) sent += (await sender.sendPending()).sent
		expect(smtp.accepted).toHaveLength(3)
		expect(new Set(smtp.accepted.map((m) => /^To: (.*)$/m.exec(m)?.[1])).size).toBe(3)
	})
})
