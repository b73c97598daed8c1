import { timelineAction } from '../action.server'
import { fileActions } from './files.server'

/** POST /timeline/{shipSetId}/files?…: the timeline's files forms (see ../action.server.ts); the page renders a refusal. */
export const action = timelineAction(fileActions, { uploads: true })

export { default } from '../page'
