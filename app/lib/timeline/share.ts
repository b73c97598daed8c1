import { z } from 'zod'
import { MAX_SHARE_MESSAGE, NotificationSettings, ShareViewType } from '#contracts/sharing/share'
import { shareEmailsTransform } from '#contracts/sharing/share-rules'
import { UUID } from '#shared/ids'
import type { FormReply } from '~/lib/form-reply'
/**
 * The share modal and the notification dropdown of the timeline (002 §2 "Share modal",
 * §4 "Share flow", "Notifications", §8): texts and URL state, client-safe.
 */

/**
 * URL state of the share modal: `share=1` opens it. Step 2 is the answer to step 1's post: the
 * addresses and the message never go into a URL.
 */
type ShareParam = 'share'

/** "Title 'SHARE SOSS #{order name}'" (002 §2). */
export const shareTitle = (orderName: string) => `SHARE SOSS #${orderName}`

/**
 * What each view type gives a new address (002 §4 "asks for a view type (Restricted View =
 * customer, default; or Supply Chain View)"; ADR 0025): the restricted tracking page through a
 * link, or an invitation to join the supply chain with a sign-in of their own.
 */
export const VIEW_TYPE_HINTS = {
	customer: '— a read-only tracking page of this order; no sign-in.',
	supply_chain:
		'— an invitation to join your supply chain with their own sign-in, to follow this order on its full timeline.',
} as const

/** "A tooltip on a new e-mail says a $1/month charge will be applied" (002 §4). */
export const NEW_EMAIL_CHARGE = 'A $1/month charge will be applied for this new user.'

/** 002 §8 toasts. */
export const SHARE_TOAST = { message: 'Share Order', description: 'You have shared order' } as const
export const NOTIFICATION_TOAST = {
	message: 'Notification Order',
	description: 'You have set notification',
} as const
/** Revoking a guest link has no toast in the spec; ours names the address. */
export const revokeToast = (email: string) => ({
	message: 'Share Order',
	description: `You have revoked the guest link of ${email}`,
})

/** The dropdown's choices of notif_type (002 §3; the labels are ours, the spec names only the values). */
export const NOTIF_TYPE_LABELS = {
	all_status: 'All status updates',
	final_mile: 'Final mile',
	delivered: 'Delivered',
	nodes: 'Nodes',
	no_notif: 'No notifications',
} as const

type NotifType = keyof typeof NOTIF_TYPE_LABELS

/** "choosing 'nodes' reveals checkboxes for Factory, Transit, DC and Customer" (002 §4). */
export const NOTIF_NODE_CHOICES = ['Factory', 'Transit', 'DC', 'Customer'] as const

export interface NotificationView {
	notifType: NotifType
	nodes: string[]
	comments: boolean
	promiseDate: boolean
	saved: boolean
}

export interface ShareRecipientView {
	id: string
	email: string
	kind: 'member' | 'guest'
	viewType: 'customer' | 'supply_chain'
	createdAt: string
	expiresAt: string | null
	revokedAt: string | null
}

export interface ShareModalView {
	/** The order's guest links that still open. */
	guestLinks: ShareRecipientView[]
}

/** Step 2: the e-mails as checked (comma-joined), the message and the check's result. */
export interface ShareStepTwo {
	emails: string
	message: string
	lists: { authList: string[]; notAuthList: string[]; subscribedList: string[] }
}

/** The answer to step 1's post (or a refused SHARE) that shows step 2. */
export interface ShareStepReply extends FormReply {
	shareStep: ShareStepTwo
}

/** What the timeline loader hands the share menu. */
export interface ShareMenuData {
	notification: NotificationView | null
	share: ShareModalView | null
}

/** The URL that closes the share modal (or keeps it at step 1), from the current one. */
export function shareUrl(
	path: string,
	changes: Partial<Record<ShareParam, string | null>>,
): string {
	const url = new URL(path, 'http://x')
	for (const [key, value] of Object.entries(changes)) {
		if (value === null || value === undefined) url.searchParams.delete(key)
		else url.searchParams.set(key, value)
	}
	const search = url.searchParams.toString()
	return `${url.pathname}${search ? `?${search}` : ''}`
}

export const closeShare = (path: string) => shareUrl(path, { share: null })

/** The share modal's forms (002 §4 "Share flow", §5): step 1 (`share-check`) and SHARE (`share`). */
const SHARE_MESSAGE_TOO_LONG = `Message must be at most ${MAX_SHARE_MESSAGE} characters`
const SHARE_VIEW_REQUIRED = 'Choose Restricted View or Supply Chain View'

/** The e-mails as typed ('a@x, b@y'), checked by the contract's rule; the value is the list. */
const ShareEmailsField = z.string().default('').transform(shareEmailsTransform)

export const ShareCheckFormSchema = z.object({
	emails: ShareEmailsField,
	message: z.string().max(MAX_SHARE_MESSAGE, SHARE_MESSAGE_TOO_LONG).default(''),
})

export const ShareFormSchema = ShareCheckFormSchema.extend({
	view_type: z.enum(ShareViewType.options, SHARE_VIEW_REQUIRED).default('customer'),
})

export const RevokeGuestLinkFormSchema = z.object({
	recipient_id: z.string().regex(UUID, 'This guest link no longer exists.'),
})

/** The notification dropdown's form (002 §4 "Notifications"): the contract's own settings. */
export const NotificationFormSchema = NotificationSettings
