/**
 * The share flow's e-mail rules (002 §4 "Share flow", §5 "Share: SUBMIT is disabled until at
 * least one e-mail is entered") and the notification rule, with no dependencies, so that the
 * API's contract and the web app's forms (before they post, with JavaScript) apply the same
 * rules and messages.
 */

/** At most this many addresses in one share (our limit; the spec names none). */
export const MAX_SHARE_EMAILS = 20

export const SHARE_EMAILS_REQUIRED = 'At least one e-mail is required'
export const invalidEmailMessage = (email: string) => `${email} is not a valid e-mail address`
export const TOO_MANY_EMAILS = `At most ${MAX_SHARE_EMAILS} e-mails can be shared at once`

/** The shape zod's z.email() accepts (its default pattern). */
const EMAIL =
	/^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/**
 * The e-mails a user typed (comma, semicolon or whitespace separated), trimmed, lower-cased
 * and de-duplicated, or the message naming what is wrong.
 */
export function parseShareEmails(
	input: string | readonly string[],
): { emails: string[] } | { error: string } {
	const raw = (typeof input === 'string' ? [input] : input).flatMap((s) => s.split(/[\s,;]+/))
	const emails = [...new Set(raw.map((s) => s.trim().toLowerCase()).filter(Boolean))]
	if (emails.length === 0) return { error: SHARE_EMAILS_REQUIRED }
	const bad = emails.find((e) => !EMAIL.test(e))
	if (bad) return { error: invalidEmailMessage(bad) }
	if (emails.length > MAX_SHARE_EMAILS) return { error: TOO_MANY_EMAILS }
	return { emails }
}

/** Choosing 'nodes' needs at least one node (our rule: 'nodes' with none would notify of nothing). */
export const NOTIF_NODES_REQUIRED = 'Select at least one node'

/**
 * parseShareEmails as a zod transform (`z.string().transform(shareEmailsTransform)`): the list,
 * or the rule's message as the field's issue. The API's query and the share forms use it alike.
 */
export function shareEmailsTransform(
	text: string,
	ctx: { addIssue(issue: { code: 'custom'; message: string }): void },
): string[] {
	const parsed = parseShareEmails(text)
	if ('error' in parsed) {
		ctx.addIssue({ code: 'custom', message: parsed.error })
		return []
	}
	return parsed.emails
}
