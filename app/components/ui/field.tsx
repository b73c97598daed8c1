import type { ReactNode } from 'react'

/** What a control needs to be tied to its label, hint and errors. */
export interface ControlProps {
	id: string
	'aria-describedby': string | undefined
	'aria-invalid': true | undefined
}

/**
 * A labelled control with its hint and its errors below it. The control is rendered by the
 * caller (input, select, textarea, a kit picker) from the props given, so the label, the hint and
 * the error are tied to it by id and `aria-describedby`, and `aria-invalid` is set while it errs.
 */
export function Field(props: {
	id: string
	label: ReactNode
	hint?: ReactNode
	errors?: string[] | null
	className?: string
	children: (control: ControlProps) => ReactNode
}) {
	const { id, label, hint, errors, className, children } = props
	const hintId = hint ? `${id}-hint` : null
	const errorId = errors?.length ? `${id}-error` : null
	const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
	return (
		<div className={['ui-field', className].filter(Boolean).join(' ')}>
			<label htmlFor={id} className="ui-field__label">
				{label}
			</label>
			{children({
				id,
				'aria-describedby': describedBy,
				'aria-invalid': errorId ? true : undefined,
			})}
			{hint ? (
				<small id={hintId!} className="ui-field__hint">
					{hint}
				</small>
			) : null}
			<FieldErrors id={`${id}-error`} messages={errors} />
		</div>
	)
}

/** A field's or a form's errors, announced when they appear; nothing when there are none. */
export function FieldErrors({
	id,
	messages,
}: {
	id?: string
	messages: string[] | null | undefined
}) {
	if (!messages?.length) return null
	return (
		<p id={id} className="field-error" role="alert">
			{messages.join(' ')}
		</p>
	)
}
