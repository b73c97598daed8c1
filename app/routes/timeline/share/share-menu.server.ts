import type { ShareMenuData } from '~/lib/timeline/share'
import type { ScmClient } from '~/services/scm.server'
import type { ShipSet } from '~/lib/timeline/types'

/**
 * What the share menu shows: the user's notification settings always (the dropdown; they come with
 * the order's timeline), and with `share` in the URL the modal with the active guest links (its
 * step 2 is the answer to step 1's post, ./share.server.ts).
 */
export async function loadShareMenu(
	scm: ScmClient,
	shipSet: Pick<ShipSet, 'id' | 'notification'>,
	url: URL,
): Promise<ShareMenuData> {
	const { id: shipSetId, notification } = shipSet
	if (!url.searchParams.get('share')) return { notification, share: null }
	const guestLinks = await scm.share.guestLinks(shipSetId).then(
		(r) => r.guestLinks,
		() => [],
	)
	return { notification, share: { guestLinks } }
}
