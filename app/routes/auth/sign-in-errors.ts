/**
 * What /login says after a failed sign-in callback (000 §2: "A callback error goes to /login"):
 * what went wrong, in words, from the provider's error code (RFC 6749 §4.1.2.1, OpenID Connect
 * Core §3.1.2.6) or ours ('callback': the answer could not be completed here), and the provider's
 * own description when it gave one.
 */
const MESSAGES: Record<string, string> = {
	access_denied:
		'The sign-in was refused: this account may not sign in here, or access was denied.',
	login_required: 'The identity provider needs you to sign in again.',
	interaction_required: 'The identity provider needs you to sign in again.',
	consent_required: 'The identity provider needs your consent before you can sign in.',
	account_selection_required: 'The identity provider needs you to choose an account.',
	temporarily_unavailable: 'The identity provider is unavailable for the moment.',
	server_error: 'The identity provider could not complete the sign-in.',
}

const FALLBACK = 'Sign-in did not complete.'

/** The longest provider description shown (it comes from the URL). */
const DESCRIPTION_MAX = 300

export function signInErrorMessage(error: string, description: string | null): string {
	const known = Object.hasOwn(MESSAGES, error) ? MESSAGES[error]! : FALLBACK
	const said = description?.trim().slice(0, DESCRIPTION_MAX)
	return said ? `${known} (${said})` : known
}
