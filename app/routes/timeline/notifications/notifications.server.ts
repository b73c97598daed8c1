import { TIMELINE_TOAST_MS } from '~/lib/timeline/load-toast'
import { parseWithZod } from '@conform-to/zod/v4'
import { NOTIFICATION_TOAST, NotificationFormSchema } from '~/lib/timeline/share'
import { TIMELINE_INTENTS } from '~/lib/timeline/intents'
import { ScmError } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import { type TimelineActionHandler } from '../action.server'
import { refuse } from '~/services/form.server'

/**
 * The notification dropdown (002 §4 "Notifications", §7 POST …/notifications, §8 toast
 * 'Notification Order – You have set notification'): notif_type radios, node checkboxes for
 * 'nodes', comments and promise-date flags, saved for the signed-in user and this order.
 */
const save: TimelineActionHandler = async (args) => {
	const submission = parseWithZod(args.form, { schema: NotificationFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	const n = submission.value
	try {
		await args.scm.shipSets.saveNotification(args.shipSetId, {
			notifType: n.notif_type,
			nodes: n.nodes,
			comments: n.comments,
			promiseDate: n.promise_date,
		})
	} catch (error) {
		if (error instanceof ScmError && error.status === 400)
			return refuse(submission, { formErrors: [error.message] })
		throw error
	}
	return toasts(args.context).redirectWithSuccess(args.returnTo, {
		...NOTIFICATION_TOAST,
		duration: TIMELINE_TOAST_MS,
	})
}

export const notificationActions: Record<string, TimelineActionHandler> = {
	[TIMELINE_INTENTS.notifications.save]: save,
}
