import { timelineAction } from '../action.server'
import { notificationActions } from './notifications.server'

/** POST /timeline/{shipSetId}/notifications?…: the timeline's notifications forms (see ../action.server.ts); the page renders a refusal. */
export const action = timelineAction(notificationActions)

export { default } from '../page'
