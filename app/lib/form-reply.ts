import { useActionData } from 'react-router'
import type { SubmissionResult } from '@conform-to/react'

/**
 * What an action answers a form it refuses (CONVENTIONS habit 3): Conform's
 * `submission.reply()` — each field's messages, the form's own, and what was typed — as
 * `{ result }` with status 400. The component hands `result` to `useForm({ lastResult })`.
 */
export interface FormReply {
	result: SubmissionResult<string[]>
}

/** The reply's form, by the hidden `intent` field it posted. */
function isReplyTo(value: unknown, intent: string): value is FormReply {
	if (!value || typeof value !== 'object' || !('result' in value)) return false
	const result = (value as FormReply).result
	return typeof result === 'object' && result !== null && result.initialValue?.intent === intent
}

/**
 * The last reply to the form posting `intent`: its fetcher's (JavaScript) or the route's action
 * data (without JavaScript the page is rendered by the route that answered the post).
 */
export function useFormReply<T extends FormReply = FormReply>(
	intent: string,
	fetcherData?: unknown,
): T | undefined {
	const actionData = useActionData()
	for (const value of [fetcherData, actionData]) if (isReplyTo(value, intent)) return value as T
	return undefined
}

/** The first message of a field (or of the whole form, name ''), from a reply's result. */
export function firstError(
	result: SubmissionResult<string[]> | undefined,
	name: string,
): string | undefined {
	return result?.error?.[name]?.[0] ?? undefined
}
