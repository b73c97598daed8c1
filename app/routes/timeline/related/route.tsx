import { timelineAction } from '../action.server'
import { relatedActions } from './related.server'

/** POST /timeline/{shipSetId}/related?…: the timeline's related forms (see ../action.server.ts); the page renders a refusal. */
export const action = timelineAction(relatedActions)

export { default } from '../page'
