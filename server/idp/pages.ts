/**
 * The embedded provider's own pages, styled like the product. Plain HTML
 * forms: sign-in works without JavaScript; the only script (the sign-out
 * page's auto-submit) carries the request's CSP nonce.
 */
const css = `
:root{color-scheme:light;--brand:#0b5cad;--ink:#1d2733;--muted:#5b6675;--line:#d5dbe3;--bg:#f4f6f9;--error:#b42318}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg)}
header{background:var(--brand);color:#fff;padding:.75rem 1.25rem;font-weight:700;font-size:1.15rem}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid var(--line);border-radius:.5rem}
h1{font-size:1.4rem;margin:0 0 1.25rem}label{display:block;font-weight:600;margin:.9rem 0 .3rem}
input[type=email],input[type=password]{width:100%;padding:.6rem .7rem;border:1px solid var(--line);border-radius:.35rem;font:inherit}
input:focus,button:focus{outline:3px solid #8cb9ea;outline-offset:1px}
button{margin-top:1.4rem;width:100%;padding:.7rem;border:0;border-radius:.35rem;background:var(--brand);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.error{color:var(--error);background:#fef3f2;border:1px solid #fecdca;padding:.6rem .8rem;border-radius:.35rem}
.hint{color:var(--muted);font-size:.9rem;margin-top:1.25rem}
`

function layout(title: string, body: string, nonce = '', script = '') {
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Waymark</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${css}</style>
</head>
<body>
<header>Waymark</header>
<main>${body}</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`
}

export const esc = (s: string) =>
	s.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
	)

export function signInPage(opts: { uid: string; email?: string; error?: string }) {
	const error = opts.error
		? `<p class="error" role="alert" id="sign-in-error">${esc(opts.error)}</p>`
		: ''
	return layout(
		'Sign in',
		`<h1>Sign in to Waymark</h1>
${error}
<form method="post" action="/oidc/interaction/${esc(opts.uid)}/login" novalidate>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${esc(opts.email ?? '')}"${error ? ' aria-describedby="sign-in-error"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
	)
}

export function signOutPage(form: string, nonce: string) {
	return layout(
		'Sign out',
		`<h1>Sign out</h1>
${form}
<p>Sign out of Waymark on this device?</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>`,
		nonce,
		// With JavaScript the confirmation is implicit: the user already chose to sign out in the app.
		`var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();`,
	)
}
