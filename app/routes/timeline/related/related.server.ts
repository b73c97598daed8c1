import { parseWithZod } from '@conform-to/zod/v4'
import {
	AddRelatedFormSchema,
	FORM_PARAMS,
	RELATED_TOAST_TITLE,
} from '~/lib/timeline/shipment-forms'
import { formErrorsOf } from '~/lib/api-issues'
import { TIMELINE_INTENTS } from '~/lib/timeline/intents'
import { ScmError } from '~/services/scm.server'
import {
	backWithToast,
	rethrowUnlessRefusal,
	type TimelineActionArgs,
	type TimelineActionHandler,
} from '../action.server'
import { refuse } from '~/services/form.server'

/** Related orders of the timeline (002 §5 "Add Related Order", §8 toasts). */

const drop = [...FORM_PARAMS]

/**
 * "{order} is now related to this order."; a refusal ("Add failure: warning with the server's
 * message", 002 §8) stays on the form, under the field and as the warning toast.
 */
async function add(args: TimelineActionArgs) {
	const submission = parseWithZod(args.form, { schema: AddRelatedFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	try {
		const { relatedShipSet } = await args.scm.related.add(
			args.shipSetId,
			submission.value.order_number,
		)
		return backWithToast(
			args,
			{
				type: 'success',
				message: RELATED_TOAST_TITLE,
				description: `${relatedShipSet.shipSetName} is now related to this order.`,
			},
			drop,
		)
	} catch (error) {
		if (error instanceof ScmError && (error.status === 400 || error.status === 422)) {
			// 400 names the field (`related_ship_set.ship_set_name`); a 422 is about the order named: both show there.
			const { fieldErrors, formErrors } = formErrorsOf(error, { related_ship_set: 'order_number' })
			const message = [...(fieldErrors.order_number ?? []), ...formErrors][0] ?? error.message
			return refuse(submission, { fieldErrors: { order_number: [message] }, formErrors: [message] })
		}
		throw error
	}
}

/** "{name} is no longer related to this order." or "There was a problem removing the related order. Please try again." */
async function remove(args: TimelineActionArgs) {
	try {
		const { shipSetName } = await args.scm.related.remove(
			args.shipSetId,
			String(args.form.get('relationId') ?? ''),
		)
		return backWithToast(
			args,
			{
				type: 'success',
				message: RELATED_TOAST_TITLE,
				description: `${shipSetName} is no longer related to this order.`,
			},
			drop,
		)
	} catch (error) {
		rethrowUnlessRefusal(error)
		return backWithToast(
			args,
			{
				type: 'error',
				message: RELATED_TOAST_TITLE,
				description: 'There was a problem removing the related order. Please try again.',
			},
			drop,
		)
	}
}

export const relatedActions: Record<string, TimelineActionHandler> = {
	[TIMELINE_INTENTS.related.add]: add,
	[TIMELINE_INTENTS.related.remove]: remove,
}
