import { useId, type ReactNode } from 'react'
import { Icon, type IconName } from './icon'

/**
 * A titled panel. A `collapsible` card is a `<details>` open at first, its title the summary
 * (the timeline's side cards: folded and unfolded with or without JavaScript); otherwise a
 * section named by its heading. An `icon` (decorative) goes before the title.
 */
export function Card(props: {
	title: ReactNode
	icon?: IconName
	level?: 2 | 3
	collapsible?: boolean
	actions?: ReactNode
	className?: string
	children: ReactNode
}) {
	const { icon, level = 2, collapsible, actions, className, children } = props
	const title = icon ? (
		<span className="ui-card__icon-title">
			<Icon name={icon} />
			{props.title}
		</span>
	) : (
		props.title
	)
	const id = useId()
	const classes = ['ui-card', className].filter(Boolean).join(' ')
	if (collapsible) {
		return (
			<details open className={`${classes} ui-card--collapsible`}>
				<summary className="ui-card__title">{title}</summary>
				{children}
			</details>
		)
	}
	const Heading = level === 2 ? 'h2' : 'h3'
	return (
		<section aria-labelledby={id} className={classes}>
			<header className="ui-card__header">
				<Heading id={id} className="ui-card__title">
					{title}
				</Heading>
				{actions}
			</header>
			{children}
		</section>
	)
}
