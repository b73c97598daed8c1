import type { Page } from '@playwright/test'
import { test, expect, signInAs } from './fixtures'

/**
 * Follow, comments (with mentions) and Historical Logs on the timeline (002 §4, §5, §8),
 * JavaScript on and off. Both projects share one database with the other specs, so each
 * uses its own order — js: SO-1001 (which Olivia follows), no-js: SO-1002 (which she does
 * not) — and puts the follow state back as it found it; dashboard.spec unfollows SO-1001
 * only in the no-js project and SO-1003 in the js one, which these tests never touch.
 */

const orderFor = (project: string) => (project === 'js' ? 'SO-1001' : 'SO-1002')

/** Opens an order through quick search (one match redirects to its timeline). */
async function openOrder(page: Page, name: string, query = '') {
	await page.goto(`/advanced_search?qs_query_string=${name}`)
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}/)
	const path = new URL(page.url()).pathname
	if (query) await page.goto(`${path}${query}`)
	await expect(page.getByTestId('order-name')).toHaveText(name)
	return path
}

const followButton = (page: Page) =>
	page.locator('.timeline-order-row').getByRole('button', { name: /^Follow(ing)?$/ })
const toast = (page: Page, title: string) =>
	page.getByRole('region', { name: 'Notifications' }).filter({ hasText: title }).first()

/** Opens Historical Logs, runs `check` on its dialog, and closes it again. */
async function inLogs(page: Page, check: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
	await page.getByRole('link', { name: 'Historical Logs', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Historical Logs' })
	await expect(dialog.getByRole('table').or(dialog.getByText('No Logs available.'))).toBeVisible()
	await check(dialog)
	await dialog.getByRole('link', { name: 'Close Historical Logs' }).click()
	await expect(dialog).toHaveCount(0)
}

/** Log rows whose message starts with `message` (case-sensitive: 'Followed' is not 'Unfollowed'). */
const rowsSaying = (dialog: ReturnType<Page['getByRole']>, message: string) =>
	dialog.getByRole('row').filter({ hasText: new RegExp(`Olivia\\s*${message}`) })

test.describe('timeline actions as Olivia', () => {
	test.beforeEach(async ({ page }) => {
		await page.goto('/login')
		await signInAs(page, 'olivia@acme.test')
		await expect(page).toHaveURL(/\/dashboard/)
	})

	test('follow flips and flips back with its toasts, each leaving a Historical Logs line', async ({
		page,
	}, info) => {
		// Many full page loads without JavaScript on a shared machine: more than the default 30 s.
		test.slow()
		await openOrder(page, orderFor(info.project.name))
		const button = followButton(page)
		const before = (await button.textContent())!.trim()
		const flipped = before === 'Following' ? 'Follow' : 'Following'
		let followed = 0
		let unfollowed = 0
		await inLogs(page, async (dialog) => {
			followed = await rowsSaying(dialog, 'Followed this order').count()
			unfollowed = await rowsSaying(dialog, 'Unfollowed this order').count()
			// SO-1001's seeded upload lines link to the document's download route.
			if (info.project.name === 'js')
				await expect(dialog.getByRole('link', { name: /\.\w+$/ }).first()).toHaveAttribute(
					'href',
					/\/documents\/[0-9a-f-]{36}\/download$/,
				)
		})

		await button.click()
		await expect(button).toHaveText(flipped)
		await expect(
			toast(page, flipped === 'Following' ? 'Follow Order' : 'Unfollow Order'),
		).toContainText(
			flipped === 'Following' ? 'You have followed this order' : 'You have unfollowed this order',
		)
		// The close button closes it with JavaScript; without, there is none that would do nothing (it stays until the next page).
		const shown = toast(page, flipped === 'Following' ? 'Follow Order' : 'Unfollow Order')
		const close = shown.getByRole('button', { name: 'Close notification' })
		if (info.project.name === 'js') {
			await close.click()
			await expect(shown).toHaveCount(0)
		} else await expect(close).toHaveCount(0)
		await button.click()
		await expect(button).toHaveText(before)
		await expect(
			toast(page, before === 'Following' ? 'Follow Order' : 'Unfollow Order'),
		).toBeVisible()
		await page.reload()
		await expect(followButton(page)).toHaveText(before)

		await inLogs(page, async (dialog) => {
			await expect(rowsSaying(dialog, 'Unfollowed this order')).toHaveCount(unfollowed + 1)
			await expect(rowsSaying(dialog, 'Followed this order')).toHaveCount(followed + 1)
		})
	})

	test('a comment appears after posting, newest first, with its log line and the auto-follow', async ({
		page,
	}, info) => {
		test.slow()
		await openOrder(page, orderFor(info.project.name), '?tab=comments')
		const wasFollowing = (await followButton(page).textContent())!.trim() === 'Following'
		const text = `Pallet count checked at the dock (${info.project.name} ${Date.now()}), all 12 present and the seals match the paperwork we received.`
		await page.getByLabel('Comment', { exact: true }).fill(text)
		await page.getByRole('button', { name: 'Post Comment' }).click()
		await expect(toast(page, 'Comment')).toContainText('You have added a comment')
		const first = page.getByRole('list', { name: 'Comment list' }).getByRole('listitem').first()
		// Over 100 characters: shortened, with Show More / Show Less.
		await expect(first).toContainText(text.slice(0, 100))
		await expect(first).not.toContainText(text)
		await first.getByRole('link', { name: 'Show More' }).click()
		await expect(first).toContainText(text)
		await first.getByRole('link', { name: 'Show Less' }).click()
		await expect(first).not.toContainText(text)
		await expect(page.getByLabel('Comment', { exact: true })).toHaveValue('')
		// Auto-follow is on in the demo data; put the follow back as it was.
		await expect(followButton(page)).toHaveText('Following')
		if (!wasFollowing) {
			await followButton(page).click()
			await expect(followButton(page)).toHaveText('Follow')
		}
		// The log line quotes the comment's beginning.
		await inLogs(page, async (dialog) => {
			await expect(
				rowsSaying(dialog, 'Comment added').filter({ hasText: text.slice(0, 60) }),
			).toHaveCount(1)
		})
	})

	test('with JavaScript, opening the Comments tab reads only the comments, not the page again', async ({
		page,
		javaScriptEnabled,
	}) => {
		test.skip(!javaScriptEnabled, 'without JavaScript a tab link loads the page, as it must')
		await openOrder(page, 'SO-1001')
		const reads: URL[] = []
		page.on('request', (r) => {
			const url = new URL(r.url())
			if (url.pathname.endsWith('.data')) reads.push(url)
		})
		await page.getByRole('link', { name: /^Comments/ }).click()
		await expect(page.getByRole('list', { name: 'Comment list' })).toBeVisible()
		await expect(page).toHaveURL(/tab=comments/)
		// One read, of the comments route's loader alone: the timeline, cards, share menu and files are not read again.
		expect(
			reads.map((u) => [
				u.pathname.replace(/^\/timeline\/[0-9a-f-]{36}/, ''),
				u.searchParams.get('_routes'),
			]),
		).toEqual([['/comments.data', 'routes/timeline/comments/route']])
	})

	test('an empty comment is refused with the spec’s message', async ({ page }, info) => {
		await openOrder(page, orderFor(info.project.name), '?tab=comments')
		const total = await page
			.getByRole('list', { name: 'Comment list' })
			.getByRole('listitem')
			.count()
		await page.getByLabel('Comment', { exact: true }).fill('   ')
		await page.getByRole('button', { name: 'Post Comment' }).click()
		await expect(
			page.getByRole('alert').filter({ hasText: 'Comment field is required' }),
		).toBeVisible()
		await expect(page.getByText('this field is required', { exact: true })).toBeVisible()
		await expect(
			page.getByRole('list', { name: 'Comment list' }).getByRole('listitem'),
		).toHaveCount(total)
	})

	test('typing beyond 500 characters is blocked, and a 501-character comment is refused by the server', async ({
		page,
	}, info) => {
		await openOrder(page, orderFor(info.project.name), '?tab=comments')
		const field = page.getByLabel('Comment', { exact: true })
		await expect(field).toHaveAttribute('maxlength', '500')
		await field.fill('a'.repeat(500))
		await field.press('End')
		await field.pressSequentially('bc')
		await expect(field).toHaveValue('a'.repeat(500))

		// Past the browser's limit: the server refuses it and keeps what was typed.
		await field.evaluate((el) => el.removeAttribute('maxlength'))
		const long = `${'b'.repeat(500)}c`
		await field.fill(long)
		await page.getByRole('button', { name: 'Post Comment' }).click()
		await expect(page.getByText('Comment can be at most 500 characters').first()).toBeVisible()
		await expect(page.getByLabel('Comment', { exact: true })).toHaveValue(long)
	})

	test('a mention is posted, shown as a name, and found in the mentioned user’s Tagged Comments', async ({
		page,
	}, info) => {
		test.slow()
		await openOrder(page, orderFor(info.project.name), '?tab=comments')
		const wasFollowing = (await followButton(page).textContent())!.trim() === 'Following'
		const field = page.getByLabel('Comment', { exact: true })
		const note = `${info.project.name} ${Date.now()}`
		if (info.project.name === 'js') {
			// The '@' suggestion list: an accessible combobox, picked with the keyboard.
			await field.pressSequentially('Note to self @oliv')
			const options = page.getByRole('listbox', { name: 'Mention suggestions' }).getByRole('option')
			await expect(options).toHaveText([/Olivia/])
			// Return picks it, and typing goes on after the name even when the next key comes at once
			// (here in the same task as the Return, before the browser draws a frame).
			await field.evaluate((el, first) => {
				el.dispatchEvent(
					new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
				)
				document.execCommand('insertText', false, first)
			}, note[0]!)
			await field.pressSequentially(note.slice(1))
			await expect(field).toHaveValue(`Note to self @Olivia ${note}`)
		} else {
			// Without JavaScript the name is typed and the server resolves it.
			await field.fill(`Note to self @Olivia ${note}`)
		}
		await page.getByRole('button', { name: 'Post Comment' }).click()
		const first = page.getByRole('list', { name: 'Comment list' }).getByRole('listitem').first()
		await expect(first).toContainText(note)
		await expect(first.locator('strong.mention')).toHaveText('@Olivia')
		if (!wasFollowing) {
			// The comment followed the order (auto-follow): put it back.
			await followButton(page).click()
			await expect(followButton(page)).toHaveText('Follow')
		}

		// 001 §2: the mentioned user finds it in Tagged Comments (3 a page, newest first), a card of
		// the card dashboard (ADR 0013).
		await page.goto('/dashboard/new')
		const tagged = page.getByRole('region', { name: 'Tagged Comments' })
		const card = tagged.getByRole('listitem').filter({ hasText: note })
		await expect(card).toHaveCount(1)
		await expect(card.getByRole('link', { name: orderFor(info.project.name) })).toHaveAttribute(
			'href',
			/\/timeline\/[0-9a-f-]{36}\?nodeId=/,
		)
		await expect(card).toContainText('Olivia')
	})
})
