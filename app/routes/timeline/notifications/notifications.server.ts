import { NOTIF_NODES_REQUIRED, NOTIF_TYPE_INVALID, NotificationSettings } from '#contracts/share'
import { NOTIFICATION_TOAST } from '~/lib/timeline/share'
import { ScmError } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import { refused, type TimelineActionHandler } from '../action.server'

/**
 * The notification dropdown (002 §4 "Notifications", §7 POST …/notifications, §8 toast
 * 'Notification Order – You have set notification'): notif_type radios, node checkboxes for
 * 'nodes', comments and promise-date flags, saved for the signed-in user and this order.
 */
const save: TimelineActionHandler = async (args) => {
	const intent = 'notifications'
	const { form } = args
	const values = {
		notif_type: String(form.get('notif_type') ?? ''),
		nodes: form.getAll('nodes').map(String),
		comments: form.get('comments') === 'on',
		promise_date: form.get('promise_date') === 'on',
	}
	const parsed = NotificationSettings.safeParse({ view_type: 'user', ...values })
	if (!parsed.success) {
		const errors: Record<string, string[]> = {}
		for (const issue of parsed.error.issues) {
			const field = String(issue.path[0] ?? 'notif_type')
			const message = field === 'notif_type' ? NOTIF_TYPE_INVALID : field === 'nodes' ? NOTIF_NODES_REQUIRED : issue.message
			errors[field] = [message]
		}
		return refused({ intent, errors, values })
	}
	const n = parsed.data
	try {
		await args.scm.shipSets.saveNotification(args.shipSetId, { notifType: n.notif_type, nodes: n.nodes, comments: n.comments, promiseDate: n.promise_date })
	} catch (error) {
		if (error instanceof ScmError && error.status === 400) return refused({ intent, errors: {}, values, formError: error.message })
		throw error
	}
	return toasts(args.context).redirectWithSuccess(args.returnTo, { ...NOTIFICATION_TOAST, duration: 10_000 })
}

export const notificationActions: Record<string, TimelineActionHandler> = { notifications: save }
