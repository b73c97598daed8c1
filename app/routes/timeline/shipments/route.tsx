import { timelineAction } from '../action.server'
import { shipmentActions } from './shipments.server'

/** POST /timeline/{shipSetId}/shipments?…: the timeline's shipments forms (see ../action.server.ts); the page renders a refusal. */
export const action = timelineAction(shipmentActions)

export { default } from '../page'
