import { timelineAction } from '../action.server'
import { followActions } from './follow.server'

/** POST /timeline/{shipSetId}/follow?…: the timeline's follow forms (see ../action.server.ts); the page renders a refusal. */
export const action = timelineAction(followActions)

export { default } from '../page'
