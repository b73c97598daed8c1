import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { readToast, toasts } from './toast.server'

const context = {
	sessionSecret: 'a-test-secret-of-enough-length',
	previousSessionSecrets: [],
	secureCookies: false,
} as unknown as AppLoadContext
const page = (cookie?: string) =>
	new Request('http://localhost/dashboard', { headers: cookie ? { Cookie: cookie } : {} })

/** The toast cookie an action's redirect sets, as the browser sends it back. */
async function cookieOfRedirect() {
	const redirect = await toasts(context).redirectWithSuccess('/dashboard', { message: 'Saved' })
	return redirect.headers.get('Set-Cookie')!.split(';')[0]!
}

describe("readToast (the root loader's flash toast, 000 §8)", () => {
	it('reads nothing and sets no cookie on a request without a toast cookie', async () => {
		expect(await readToast(context, page('waymark_session=x'))).toEqual({
			toast: undefined,
			headers: undefined,
		})
	})

	it("gives the action's toast once and removes its cookie", async () => {
		const { toast, headers } = await readToast(
			context,
			page(`waymark_session=x; ${await cookieOfRedirect()}`),
		)
		expect(toast).toMatchObject({ message: 'Saved', type: 'success' })
		const setCookie = new Headers(headers).get('Set-Cookie')!
		expect(setCookie).toMatch(/^wm_toast=;/)
		expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/)
	})

	it('shows nothing from a toast cookie signed with another secret, and removes it', async () => {
		const forged = (await cookieOfRedirect()).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
		const { toast, headers } = await readToast(context, page(forged))
		expect(toast).toBeUndefined()
		expect(new Headers(headers).get('Set-Cookie')).toMatch(/^wm_toast=;/)
	})
})
