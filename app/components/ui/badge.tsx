import type { ComponentProps } from 'react'

/** The spec's status colours, plus neutral. */
type Tone = 'grey' | 'blue' | 'orange' | 'green' | 'red' | 'teal' | 'verified' | 'neutral'

/** A short status word or count; its colour repeats what its text says, never replaces it. */
export function Badge({
	tone = 'neutral',
	className,
	...props
}: ComponentProps<'span'> & { tone?: Tone }) {
	return (
		<span
			className={['ui-badge', `ui-badge--${tone}`, className].filter(Boolean).join(' ')}
			{...props}
		/>
	)
}
