import { z } from 'zod'
import { GUEST_NOTIF_TYPE_MESSAGE, GUEST_NOTIF_TYPES } from '#contracts/sharing/guest'

/** The guest view's notification form (000 §2 "Guest notification setting: radio choices only"). */
export const GUEST_NOTIFICATION_INTENT = 'guest-notification'

/** 000 §5 "Guest notification must be one of the radio choices." */
export const GuestNotificationFormSchema = z.object({
	intent: z.literal(GUEST_NOTIFICATION_INTENT),
	notif_type: z.enum(GUEST_NOTIF_TYPES, { error: GUEST_NOTIF_TYPE_MESSAGE }),
})
