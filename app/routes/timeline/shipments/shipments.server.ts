import { parseWithZod } from '@conform-to/zod/v4'
import { AddShipmentFormSchema, FORM_PARAMS } from '~/lib/timeline/shipment-forms'
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

/**
 * Shipment actions of the timeline (002 §4 "Shipment statuses and actions", §5 "Add Shipment",
 * §8 toasts). The API enforces the rules; these handlers turn its answers into the spec's toasts.
 */

const drop = [...FORM_PARAMS]

/** The API's names for the Add Shipment fields; what else it says of the shipment shows under the tracking number. */
const API_FIELDS = {
	'shipment.carrier_id': 'carrier_id',
	'shipment.references': 'references',
	shipment: 'tracking_number',
}

/** Add Shipment: 'Shipment – You have submitted shipment - {id}' (the tracking number is the id a person reads). */
async function add(args: TimelineActionArgs) {
	const submission = parseWithZod(args.form, { schema: AddShipmentFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	const v = submission.value
	try {
		const { shipment } = await args.scm.shipments.add(args.shipSetId, {
			shipment: {
				carrier_id: v.carrier_id,
				tracking_number: v.tracking_number,
				final_mile: v.final_mile ?? false,
				references: (v.references ?? [])
					.filter((r) => r.value)
					.map((r) => ({ reference_type: r.reference_type, value: r.value! })),
			},
		})
		return backWithToast(
			args,
			{
				type: 'success',
				message: 'Shipment',
				description: `You have submitted shipment - ${shipment.trackingNumber}`,
			},
			drop,
		)
	} catch (error) {
		if (error instanceof ScmError && error.status === 400) {
			// The API names each field it refused (an unknown carrier: `shipment.carrier_id`): each message under its field.
			return refuse(submission, formErrorsOf(error, API_FIELDS))
		}
		throw error
	}
}

function shipmentId(form: FormData): string {
	return String(form.get('shipmentId') ?? '')
}

/** Close or cancel: 'You have closed the shipment' / 'You have canceled the shipment', or the 'Shipments' error toast. */
function closeOrCancel(action: 'close' | 'cancel'): TimelineActionHandler {
	return async (args) => {
		try {
			await args.scm.shipments.act(args.shipSetId, shipmentId(args.form), action)
			const done = action === 'close' ? 'closed' : 'canceled'
			return backWithToast(
				args,
				{ type: 'success', message: 'Shipment', description: `You have ${done} the shipment` },
				drop,
			)
		} catch (error) {
			return failed(args, error)
		}
	}
}

/** Remove: warning 'Shipment – You have removed a shipment'. */
async function remove(args: TimelineActionArgs) {
	try {
		await args.scm.shipments.remove(args.shipSetId, shipmentId(args.form))
		return backWithToast(
			args,
			{ type: 'warning', message: 'Shipment', description: 'You have removed a shipment' },
			drop,
		)
	} catch (error) {
		return failed(args, error)
	}
}

/** "Error toast 'Shipments' with the server's errorMessage" (an empty answer is 'No API response data'). */
function failed(args: TimelineActionArgs, error: unknown) {
	rethrowUnlessRefusal(error)
	return backWithToast(
		args,
		{ type: 'error', message: 'Shipments', description: error.message },
		drop,
	)
}

const INTENT = TIMELINE_INTENTS.shipments

export const shipmentActions: Record<string, TimelineActionHandler> = {
	[INTENT.add]: add,
	[INTENT.close]: closeOrCancel('close'),
	[INTENT.cancel]: closeOrCancel('cancel'),
	[INTENT.remove]: remove,
}
