import { parseShareEmails } from '#contracts/sharing/share'
import type { ShareMenuData } from '~/lib/timeline/share'
import { ScmError, type ScmClient } from '~/services/scm.server'
import type { ShipSet } from '~/lib/timeline/types'

/**
 * What the share menu shows: the user's notification settings always (the dropdown; they come with
 * the order's timeline), and with `share` in the URL the modal's step, the check's result and the
 * active guest links.
 */
export async function loadShareMenu(
	scm: ScmClient,
	shipSet: Pick<ShipSet, 'id' | 'notification'>,
	url: URL,
): Promise<ShareMenuData> {
	const q = url.searchParams
	const { id: shipSetId, notification } = shipSet
	if (!q.get('share')) return { notification, share: null }
	const guestLinks = await scm.share.guestLinks(shipSetId).then(
		(r) => r.guestLinks,
		() => [],
	)
	const emails = q.get('share_emails') ?? ''
	const message = q.get('share_message') ?? ''
	const base = { emails, message, guestLinks, lists: null, error: null }
	if (q.get('share') !== '2' || !emails) return { notification, share: { ...base, step: 1 } }
	const parsed = parseShareEmails(emails)
	if ('error' in parsed) return { notification, share: { ...base, step: 1, error: parsed.error } }
	try {
		const lists = await scm.share.mailingLists(shipSetId, parsed.emails)
		return { notification, share: { ...base, emails: parsed.emails.join(', '), step: 2, lists } }
	} catch (error) {
		return {
			notification,
			share: { ...base, step: 1, error: error instanceof ScmError ? error.message : 'Error...' },
		}
	}
}
