import { timelineAction } from '../action.server'
import { commentActions } from './comments.server'

/** POST /timeline/{shipSetId}/comments?…: the timeline's comments forms (see ../action.server.ts); the page renders a refusal. */
export const action = timelineAction(commentActions)

export { default } from '../page'
