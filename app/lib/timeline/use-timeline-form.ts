import { useForm, type DefaultValue } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useFetcher } from 'react-router'
import type { z } from 'zod'
import { useFormReply } from '~/lib/form-reply'
import { useTimelineAction, type TimelineCapability } from './intents'

/**
 * The component half of the form pipeline (docs/decisions/0008) for a timeline form: the fetcher
 * it posts through (its own, or one the caller holds), its capability's action URL, the reply to
 * its intent and Conform's form and fields with the schema's constraints (`constraint: false`
 * where the browser must not block the post: the server's messages are the spec's). `validate`
 * also runs the schema in the browser before posting (only where the client's message is the
 * server's).
 */
export function useTimelineForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
	capability: TimelineCapability,
	intent: string,
	options: {
		id: string
		schema?: Schema
		/** Run the schema in the browser too, on blur (then on input) or only on submit. */
		validate?: 'onBlur' | 'onSubmit'
		defaultValue?: DefaultValue<z.input<Schema>>
		fetcher?: ReturnType<typeof useFetcher>
		constraint?: false
	},
) {
	const own = useFetcher()
	const fetcher = options.fetcher ?? own
	const action = useTimelineAction(capability)
	const reply = useFormReply(intent, fetcher.data)
	const { schema, validate } = options
	const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
		id: options.id,
		lastResult: reply?.result,
		constraint: schema && options.constraint !== false ? constraintOf(schema) : undefined,
		defaultValue: options.defaultValue,
		...(validate && schema
			? {
					shouldValidate: validate,
					onValidate: ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema }),
				}
			: {}),
	})
	return { fetcher, action, reply, form, fields }
}

/** A schema's constraints, worked out once per schema (they are module constants), not on every render. */
const constraints = new WeakMap<z.ZodType, ReturnType<typeof getZodConstraint>>()
function constraintOf(schema: z.ZodType) {
	let kept = constraints.get(schema)
	if (!kept) constraints.set(schema, (kept = getZodConstraint(schema)))
	return kept
}
