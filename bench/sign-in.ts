/**
 * The real sign-in for benches, as a browser without JavaScript makes it (pages.bench.ts,
 * flood.bench.ts): /login → the embedded OpenID provider's form → /authorize, every redirect
 * followed by hand with the cookies. Answers the Cookie header of the signed-in session.
 */

/** A cookie jar of one client: name → value, filled from Set-Cookie. */
class Jar {
	private cookies = new Map<string, string>()
	take(res: Response) {
		for (const line of res.headers.getSetCookie()) {
			const [pair] = line.split(';')
			const at = pair!.indexOf('=')
			const name = pair!.slice(0, at).trim()
			const value = pair!.slice(at + 1).trim()
			if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line) || value === '')
				this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
	}
	header() {
		return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
	}
}

/** The real sign-in, as a browser without JavaScript makes it: every redirect followed by hand with the cookies. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
	const jar = new Jar()
	let url = `${base}/login?redirectTo=/dashboard`
	let posted = false
	for (let hop = 0; hop < 20; hop++) {
		const interaction = url.match(/\/oidc\/interaction\/([^/?]+)$/)
		const res =
			interaction && !posted
				? await fetch(`${base}/oidc/interaction/${interaction[1]}/login`, {
						method: 'POST',
						redirect: 'manual',
						headers: {
							Cookie: jar.header(),
							'Content-Type': 'application/x-www-form-urlencoded',
							Origin: base,
						},
						body: new URLSearchParams({ email, password }),
					})
				: await fetch(url, { redirect: 'manual', headers: { Cookie: jar.header() } })
		if (interaction && !posted) posted = true
		jar.take(res)
		const body = await res.text()
		// The sign-in callback answers 'Redirecting...' with a refresh to the target.
		const location =
			res.headers.get('location') ?? /http-equiv="refresh" content="0;url=([^"]+)"/.exec(body)?.[1]
		if (!location) {
			if (res.status === 200 && new URL(url).pathname === '/dashboard') return jar.header()
			throw new Error(`sign-in stopped at ${url}: ${res.status}`)
		}
		url = new URL(location, url).toString()
	}
	throw new Error('sign-in: too many redirects')
}
