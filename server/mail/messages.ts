import { escapeHtml } from './outbox'

/**
 * The share e-mail (002 §4 "Share flow"): a member of the supply chain gets the order's
 * timeline link (they sign in as usual); an outside address gets its guest link, which
 * opens the restricted view without signing in (000 §2 "Guest timeline").
 */
export function shareEmail(input: {
	orderName: string
	organizationName: string
	sharedBy: string
	link: string
	kind: 'member' | 'guest' | 'invitation'
	message: string | null
	expiresAt: Date | null
}): { subject: string; text: string; html: string } {
	const subject = `${input.sharedBy} shared order ${input.orderName} with you`
	const intro = `${input.sharedBy} (${input.organizationName}) shared order ${input.orderName} with you on Waymark.`
	const until = input.expiresAt
		? `; the link works until ${input.expiresAt.toISOString().slice(0, 10)}`
		: ''
	const access =
		input.kind === 'guest'
			? `Open the order's tracking view (no sign-in needed)${until}:`
			: input.kind === 'invitation'
				? `You are invited to join ${input.organizationName}'s supply chain on Waymark and follow the order there: choose your name and a password${until}:`
				: 'Open the order timeline (sign in with your Waymark account):'
	const message = input.message?.trim()
		? `\nMessage from ${input.sharedBy}:\n${input.message.trim()}\n`
		: ''
	const text = `${intro}\n${message}\n${access}\n${input.link}\n`
	const html =
		`<p>${escapeHtml(intro)}</p>` +
		(input.message?.trim()
			? `<blockquote>${escapeHtml(input.message.trim()).replace(/\n/g, '<br>')}</blockquote>`
			: '') +
		`<p>${escapeHtml(access)}<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`
	return { subject, text, html }
}
