import type { Page } from '@playwright/test'
import { NUMBER_WORDS } from '../../app/routes/tracker/captcha-question'

/** The answer to the no-JavaScript captcha question in `text` ('… What is seven plus five?'), read as a person would. */
export function answerTo(text: string): string {
	const [, a, b] = text.match(/What is (\w+) plus (\w+)\?/) ?? []
	if (!a || !b) throw new Error(`no captcha question in: ${text.slice(0, 200)}`)
	return String(NUMBER_WORDS.indexOf(a as never) + NUMBER_WORDS.indexOf(b as never))
}

/** Fills the no-JavaScript captcha question of the page (landing form or results gate). */
export async function answerCaptchaQuestion(page: Page) {
	const field = page.getByLabel(/Are you a person\?/)
	const label = await page.locator('label[for="captcha-answer"]').innerText()
	await field.fill(answerTo(label))
}
