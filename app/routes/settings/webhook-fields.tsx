import {
	EVENT_KIND_LABELS,
	WEBHOOK_EVENT_KINDS,
	type WebhookEventKind,
} from '#contracts/news-out/webhooks'
import { Field, FieldErrors } from '~/components/ui/field'

/** What the fields need of Conform's field metadata. */
interface Meta {
	id: string
	name: string
	errors?: string[]
	initialValue?: unknown
}

export const kindLabel = (kind: string) => EVENT_KIND_LABELS[kind as WebhookEventKind] ?? kind

const asList = (v: unknown): string[] =>
	Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []

/**
 * The fields of a webhook (add and edit): URL, description, the event kinds (checkboxes in a
 * fieldset), and, when editing, On. What was typed comes back in `initialValue` after a refusal.
 */
export function WebhookFields({
	fields,
	formErrors,
	current,
}: {
	fields: { url: Meta; description: Meta; event_kinds: Meta; enabled?: Meta }
	formErrors?: string[]
	/** The saved subscription, when editing (the form's first values). */
	current?: { url: string; description: string; eventKinds: string[]; enabled: boolean }
}) {
	const typed =
		fields.url.initialValue !== undefined || fields.event_kinds.initialValue !== undefined
	const kinds = typed ? asList(fields.event_kinds.initialValue) : (current?.eventKinds ?? [])
	const kindsErrorId = `${fields.event_kinds.id}-error`
	return (
		<>
			<FieldErrors id={`${fields.url.id}-form-error`} messages={formErrors} />
			<Field
				id={fields.url.id}
				label="Payload URL"
				errors={fields.url.errors}
				hint="https:// (or http://) address of your receiver"
			>
				{(control) => (
					<input
						{...control}
						name={fields.url.name}
						type="url"
						inputMode="url"
						defaultValue={typed ? String(fields.url.initialValue ?? '') : (current?.url ?? '')}
						maxLength={2000}
						aria-required="true"
					/>
				)}
			</Field>
			<Field
				id={fields.description.id}
				label="Description (optional)"
				errors={fields.description.errors}
			>
				{(control) => (
					<input
						{...control}
						name={fields.description.name}
						defaultValue={
							typed ? String(fields.description.initialValue ?? '') : (current?.description ?? '')
						}
						maxLength={200}
					/>
				)}
			</Field>
			<fieldset
				className="webhook-kinds"
				aria-describedby={fields.event_kinds.errors?.length ? kindsErrorId : undefined}
			>
				<legend>Events to send</legend>
				{WEBHOOK_EVENT_KINDS.map((kind) => (
					<label key={kind} className="checkbox">
						<input
							type="checkbox"
							name={fields.event_kinds.name}
							value={kind}
							defaultChecked={kinds.includes(kind)}
						/>{' '}
						{EVENT_KIND_LABELS[kind]} <code>{kind}</code>
					</label>
				))}
				<FieldErrors id={kindsErrorId} messages={fields.event_kinds.errors} />
			</fieldset>
			{fields.enabled ? (
				<label className="checkbox">
					<input
						type="checkbox"
						name={fields.enabled.name}
						defaultChecked={
							typed ? fields.enabled.initialValue === 'on' : (current?.enabled ?? true)
						}
					/>{' '}
					On (deliveries are sent)
				</label>
			) : null}
		</>
	)
}
