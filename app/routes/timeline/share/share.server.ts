import { data } from 'react-router'
import { MAX_SHARE_MESSAGE, ShareViewType, parseShareEmails } from '#contracts/share'
import { closeShare, revokeToast, SHARE_TOAST, shareUrl } from '~/lib/timeline/share'
import { ScmError } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import { isOrderMissing, refused, type TimelineActionArgs, type TimelineActionHandler } from '../action.server'

/**
 * The share flow (002 §2 "Share modal", §4 "Share flow", §5, §8): step 1 posts the e-mails
 * (`share-check`); the server checks them (generate_mailing_lists); when every address is a
 * member the order is shared at once, otherwise step 2 is URL state (`share=2`,
 * `share_emails`, `share_message`) listing the new addresses (NEW, $1/month) with the view
 * type, and SHARE posts `share`. `share-revoke` revokes one guest link.
 */
const TIMELINE_TOAST_MS = 10_000
const MESSAGE_TOO_LONG = `Message must be at most ${MAX_SHARE_MESSAGE} characters`

function typed(form: FormData) {
	return { emails: String(form.get('emails') ?? ''), message: String(form.get('message') ?? '') }
}

/** The API's refusal of a form as the form's error; anything else (404, 5xx) goes to the catalogue. */
function scmRefusal(intent: string, error: unknown, values: Record<string, unknown>): ReturnType<typeof refused> {
	if (error instanceof ScmError && error.status === 400) return refused({ intent, errors: {}, values, formError: error.message })
	if (error instanceof ScmError && error.status === 404) throw data(null, { status: 404 })
	throw error
}

async function shareNow(
	args: TimelineActionArgs,
	emails: string[],
	viewType: 'customer' | 'supply_chain',
	message: string,
	intent: string,
) {
	const values = { emails: emails.join(', '), message, view_type: viewType }
	try {
		const lists = await args.scm.share.mailingLists(args.shipSetId, emails)
		await args.scm.share.share(args.shipSetId, { ...lists, viewType, message: message.trim() || null })
	} catch (error) {
		return scmRefusal(intent, error, values)
	}
	return toasts(args.context).redirectWithSuccess(closeShare(args.returnTo), { ...SHARE_TOAST, duration: TIMELINE_TOAST_MS })
}

function checkForm(form: FormData, intent: string) {
	const values = typed(form)
	const parsed = parseShareEmails(values.emails)
	const errors: Record<string, string[]> = {}
	if ('error' in parsed) errors.emails = [parsed.error]
	if (values.message.length > MAX_SHARE_MESSAGE) errors.message = [MESSAGE_TOO_LONG]
	if ('error' in parsed || errors.message) return { ok: false as const, failure: refused({ intent, errors, values }) }
	return { ok: true as const, emails: parsed.emails, message: values.message }
}

const shareCheck: TimelineActionHandler = async (args) => {
	const intent = 'share-check'
	const checked = checkForm(args.form, intent)
	if (!checked.ok) return checked.failure
	const { emails, message } = checked
	let lists
	try {
		lists = await args.scm.share.mailingLists(args.shipSetId, emails)
	} catch (error) {
		return scmRefusal(intent, error, typed(args.form))
	}
	// "If some are not [in the supply chain], a second step lists them" — else share now.
	if (lists.notAuthList.length === 0 && lists.subscribedList.length === 0) return shareNow(args, emails, 'customer', message, intent)
	return new Response(null, {
		status: 302,
		headers: { Location: shareUrl(args.returnTo, { share: '2', share_emails: emails.join(','), share_message: message || null }) },
	})
}

const share: TimelineActionHandler = async (args) => {
	const intent = 'share'
	const checked = checkForm(args.form, intent)
	if (!checked.ok) return checked.failure
	const viewType = ShareViewType.safeParse(args.form.get('view_type') ?? 'customer')
	if (!viewType.success) {
		return refused({ intent, errors: { view_type: ['Choose Restricted View or Supply Chain View'] }, values: typed(args.form) })
	}
	return shareNow(args, checked.emails, viewType.data, checked.message, intent)
}

const revoke: TimelineActionHandler = async (args) => {
	const intent = 'share-revoke'
	const id = String(args.form.get('recipient_id') ?? '')
	try {
		const { guestLink } = await args.scm.share.revokeGuestLink(args.shipSetId, id)
		return toasts(args.context).redirectWithSuccess(args.returnTo, { ...revokeToast(guestLink.email), duration: TIMELINE_TOAST_MS })
	} catch (error) {
		if (error instanceof ScmError && (error.status === 404 || error.status === 400) && !isOrderMissing(error)) {
			return refused({ intent, errors: {}, formError: 'This guest link no longer exists.' })
		}
		throw error
	}
}

export const shareActions: Record<string, TimelineActionHandler> = {
	'share-check': shareCheck,
	share,
	'share-revoke': revoke,
}
