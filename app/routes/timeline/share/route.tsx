import { timelineAction } from '../action.server'
import { shareActions } from './share.server'

/** POST /timeline/{shipSetId}/share?…: the timeline's share forms (see ../action.server.ts); the page renders a refusal. */
export const action = timelineAction(shareActions)

export { default } from '../page'
