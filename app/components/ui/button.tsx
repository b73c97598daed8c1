import type { ComponentProps } from 'react'
import { Link } from 'react-router'

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet'

/** The class list of a button-looking control, for the rare element that is neither Button nor ButtonLink. */
export function buttonClass(
	variant: ButtonVariant = 'secondary',
	size?: 'small',
	className?: string,
) {
	return ['ui-button', `ui-button--${variant}`, size ? `ui-button--${size}` : null, className]
		.filter(Boolean)
		.join(' ')
}

type Look = { variant?: ButtonVariant; size?: 'small' }

/** A button. `type` defaults to "button": a submit says so. */
export function Button({
	variant,
	size,
	className,
	type = 'button',
	...props
}: ComponentProps<'button'> & Look) {
	return <button type={type} className={buttonClass(variant, size, className)} {...props} />
}

/** A link that looks like a button (an action that is a navigation: Share, Clear Filter, Cancel). */
export function ButtonLink({
	variant,
	size,
	className,
	...props
}: ComponentProps<typeof Link> & Look) {
	return <Link className={buttonClass(variant, size, className)} {...props} />
}
