import { OutboxApi } from '#api/mail/outbox'
import { ShareApi } from '#api/sharing/share'
import type { ScmCaller } from './client.server'

/** Sharing an order (002 §7 shares), its guest links, and the supply chain's e-mail outbox. */
export function shareCalls({ call }: ScmCaller) {
	return {
		/** Step 1 of the share flow (e-mails comma-joined). */
		mailingLists: (id: string, emails: string[]) =>
			call(ShareApi.mailingLists, { params: { id }, query: { emails: emails.join(',') } }),
		share: (
			id: string,
			share: {
				authList: string[]
				notAuthList: string[]
				subscribedList: string[]
				viewType: 'customer' | 'supply_chain'
				message: string | null
			},
		) =>
			call(ShareApi.share, {
				params: { id },
				body: {
					share: {
						auth_list: share.authList,
						not_auth_list: share.notAuthList,
						subscribed_list: share.subscribedList,
						view_type: share.viewType,
						message: share.message,
					},
				},
			}),
		guestLinks: (id: string) => call(ShareApi.guestLinks, { params: { id } }),
		revokeGuestLink: (id: string, recipientId: string) =>
			call(ShareApi.revokeGuestLink, { params: { id, recipientId } }),
		/** The supply chain's e-mail outbox (administrators). */
		outbox: (offset: number, limit = 20) => call(OutboxApi.list, { query: { offset, limit } }),
	}
}
