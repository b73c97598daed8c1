import AxeBuilder from '@axe-core/playwright'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { seedId } from '../../server/db/seed/random'
import { signUnsubscribe, unsubscribeKey } from '../../server/news-out/unsubscribe'
import { test, expect, signInAs } from './fixtures'

/**
 * Outbound webhooks, one user flow, JavaScript on and off: Olivia adds a webhook to a
 * receiver on loopback (the demo allows loopback only), a refused form keeps what she typed, the
 * signing secret is shown once, 'Send test' reaches the receiver signed, and the delivery log shows
 * it with its status code. Retries, refusals and e-mails are the API tests' (tests/api/news-out.test.ts).
 * Then the other end of a notification e-mail: its unsubscribe link, opened and confirmed, and
 * posted as RFC 8058's one-click (from no page of ours).
 */

test('add a webhook, send a test to a loopback receiver, see it in the delivery log', async ({
	page,
}) => {
	const received: http.IncomingHttpHeaders[] = []
	const receiver = http.createServer((req, res) => {
		req.resume()
		req.on('end', () => {
			received.push(req.headers)
			res.writeHead(204).end()
		})
	})
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${test.info().project.name}`
	try {
		await page.goto('/login')
		await signInAs(page, 'olivia@acme.test')
		await expect(page).toHaveURL(/\/dashboard/)
		await page.goto('/settings/webhooks')
		await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible()

		// No event kind chosen: refused, the URL kept.
		await page.getByLabel('Payload URL').fill(url)
		await page.getByRole('button', { name: 'Add webhook' }).click()
		await expect(page.getByText('Choose at least one event kind')).toBeVisible()
		await expect(page.getByLabel('Payload URL')).toHaveValue(url)

		await page.getByLabel(/Order status changed/).check()
		await page.getByLabel(/Event added/).check()
		await page.getByRole('button', { name: 'Add webhook' }).click()
		await expect(page.getByRole('heading', { name: /copy its signing secret now/ })).toBeVisible()
		await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
			/^whsec_[A-Za-z0-9+/=]{32}$/,
		)

		if (test.info().project.name === 'js') {
			const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
			expect(
				axe.violations
					.filter((v) => v.impact === 'serious' || v.impact === 'critical')
					.map((v) => v.id),
			).toEqual([])
			for (const width of [1366, 400]) {
				await page.setViewportSize({ width, height: 900 })
				expect(
					await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
				).toBeLessThanOrEqual(0)
			}
		}

		await page.getByRole('link', { name: /Open the webhook/ }).click()
		await expect(page.getByRole('heading', { name: `Webhook ${url}` })).toBeVisible()
		await expect(page.getByText('No deliveries yet.')).toBeVisible()
		await page.getByRole('button', { name: 'Send test' }).click()

		const log = page.getByRole('region', { name: 'Delivery log' })
		await expect(log.getByRole('row')).toHaveCount(2)
		await expect(log.getByText('Delivered')).toBeVisible()
		await expect(log.getByRole('list', { name: /Attempts of msg_/ })).toHaveText('204')
		expect(received).toHaveLength(1)
		expect(received[0]!['webhook-signature']).toMatch(/^v1,/)
		expect(received[0]!['webhook-id']).toMatch(/^msg_/)
	} finally {
		await new Promise<void>((resolve) => receiver.close(() => resolve()))
	}
})

test('unsubscribe from an e-mail: the link asks, the button confirms; a one-click POST from a mail provider works too', async ({
	page,
	request,
	baseURL,
}) => {
	// The link an e-mail to Victor would carry (the daily digest: changes nothing another test reads).
	const { guestLinkSecret } = JSON.parse(
		readFileSync(path.join(process.env.E2E_DATA_DIR!, 'secrets.json'), 'utf8'),
	) as { guestLinkSecret: string }
	const email = `victor+${test.info().project.name}@acme.test`
	const token = signUnsubscribe(unsubscribeKey(guestLinkSecret), {
		o: seedId('organization', 'acme'),
		e: email,
		u: null,
		s: 'digest',
	})
	const link = `/unsubscribe?token=${encodeURIComponent(token)}`

	await page.goto(link)
	await expect(
		page.getByText(`Stop sending the daily digest of orders without updates to ${email}?`),
	).toBeVisible()
	await page.getByRole('button', { name: 'Unsubscribe' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Done:' })).toContainText(
		`${email} will no longer get the daily digest`,
	)

	// A mail provider's one-click: its server POSTs List-Unsubscribe=One-Click, with no Origin, no
	// Sec-Fetch-Site and no cookie (our origin check refuses such a post anywhere else).
	const oneClick = await request.post(`${baseURL}${link}`, {
		form: { 'List-Unsubscribe': 'One-Click' },
	})
	expect(oneClick.status()).toBe(200)
	expect((await oneClick.text()).replace(/<!-- -->/g, '')).toContain(
		'will no longer get the daily digest',
	)
	// A link that was tampered with is refused.
	expect(
		(
			await request.get(
				`${baseURL}/unsubscribe?token=${encodeURIComponent(`${token.split('.')[0]}.forged`)}`,
			)
		).status(),
	).toBe(400)
})
