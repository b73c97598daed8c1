import { TIMELINE_TOAST_MS } from '~/lib/timeline/load-toast'
import { data } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	closeShare,
	revokeToast,
	RevokeGuestLinkFormSchema,
	SHARE_TOAST,
	ShareCheckFormSchema,
	ShareFormSchema,
	type ShareStepReply,
	type ShareStepTwo,
} from '~/lib/timeline/share'
import { TIMELINE_INTENTS } from '~/lib/timeline/intents'
import { ScmError } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import {
	isOrderMissing,
	type TimelineActionArgs,
	type TimelineActionHandler,
} from '../action.server'
import { refuse } from '~/services/form.server'

/**
 * The share flow (002 §2 "Share modal", §4 "Share flow", §5, §8): step 1 posts the e-mails
 * (`share-check`); the server checks them (generate_mailing_lists); when every address is a
 * member the order is shared at once, otherwise the answer to that post is step 2 (the addresses
 * and the message stay in posted forms, never in a URL: no browser history or request log holds
 * them), listing the new addresses (NEW, $1/month) with the view type; SHARE posts `share`, Back
 * posts the check's intent with `back` (step 1 again, as typed). `share-revoke` revokes one guest
 * link.
 */
const INTENT = TIMELINE_INTENTS.share

type Submission = Parameters<typeof refuse>[0]

/**
 * The answer that shows step 2: the form's result (its errors, when SHARE was refused) and what
 * step 2 lists (the check again: the addresses' standing may have changed since).
 */
async function stepTwo(
	args: TimelineActionArgs,
	submission: Submission,
	emails: string[],
	message: string,
	errors?: Parameters<typeof refuse>[1],
) {
	let lists
	try {
		lists = await args.scm.share.mailingLists(args.shipSetId, emails)
	} catch (error) {
		return scmRefusal(submission, error)
	}
	const result = submission.reply(errors)
	const shareStep: ShareStepTwo = { emails: emails.join(', '), message, lists }
	return data({ result, shareStep } satisfies ShareStepReply, {
		status: result.status === 'error' ? 400 : 200,
	})
}

/** The API's refusal of a form as the form's error; anything else (404, 5xx) goes to the catalogue. */
function scmRefusal(submission: Submission, error: unknown) {
	if (error instanceof ScmError && error.status === 400)
		return refuse(submission, { formErrors: [error.message] })
	if (error instanceof ScmError && error.status === 404) throw data(null, { status: 404 })
	throw error
}

async function shareNow(
	args: TimelineActionArgs,
	submission: Submission,
	emails: string[],
	viewType: 'customer' | 'supply_chain',
	message: string,
) {
	try {
		const lists = await args.scm.share.mailingLists(args.shipSetId, emails)
		await args.scm.share.share(args.shipSetId, {
			...lists,
			viewType,
			message: message.trim() || null,
		})
	} catch (error) {
		if (error instanceof ScmError && error.status === 400)
			return stepTwo(args, submission, emails, message, { formErrors: [error.message] })
		return scmRefusal(submission, error)
	}
	return toasts(args.context).redirectWithSuccess(closeShare(args.returnTo), {
		...SHARE_TOAST,
		duration: TIMELINE_TOAST_MS,
	})
}

const shareCheck: TimelineActionHandler = async (args) => {
	const submission = parseWithZod(args.form, { schema: ShareCheckFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	const { emails, message } = submission.value
	// Back from step 2: step 1 again, with what was typed.
	if (args.form.get('back')) return refuse(submission)
	let lists
	try {
		lists = await args.scm.share.mailingLists(args.shipSetId, emails)
	} catch (error) {
		return scmRefusal(submission, error)
	}
	// "If some are not [in the supply chain], a second step lists them" — else share now.
	if (lists.notAuthList.length === 0 && lists.subscribedList.length === 0)
		return shareNow(args, submission, emails, 'customer', message)
	return stepTwo(args, submission, emails, message)
}

const share: TimelineActionHandler = async (args) => {
	const submission = parseWithZod(args.form, { schema: ShareFormSchema })
	if (submission.status !== 'success') {
		// Step 2 stays, with the field's message, when its addresses still hold.
		const checked = parseWithZod(args.form, { schema: ShareCheckFormSchema })
		if (checked.status !== 'success') return refuse(submission)
		return stepTwo(args, submission, checked.value.emails, checked.value.message)
	}
	const { emails, view_type, message } = submission.value
	return shareNow(args, submission, emails, view_type, message)
}

const revoke: TimelineActionHandler = async (args) => {
	const submission = parseWithZod(args.form, { schema: RevokeGuestLinkFormSchema })
	if (submission.status !== 'success') return refuse(submission, { formErrors: [GUEST_LINK_GONE] })
	try {
		const { guestLink } = await args.scm.share.revokeGuestLink(
			args.shipSetId,
			submission.value.recipient_id,
		)
		return toasts(args.context).redirectWithSuccess(args.returnTo, {
			...revokeToast(guestLink.email),
			duration: TIMELINE_TOAST_MS,
		})
	} catch (error) {
		if (
			error instanceof ScmError &&
			(error.status === 404 || error.status === 400) &&
			!isOrderMissing(error)
		) {
			return refuse(submission, { formErrors: [GUEST_LINK_GONE] })
		}
		throw error
	}
}

const GUEST_LINK_GONE = 'This guest link no longer exists.'

export const shareActions: Record<string, TimelineActionHandler> = {
	[INTENT.check]: shareCheck,
	[INTENT.share]: share,
	[INTENT.revoke]: revoke,
}
