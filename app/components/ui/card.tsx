import { useId, type ReactNode } from 'react'

/**
 * A titled panel. A `collapsible` card is a `<details>` open at first, its title the summary
 * (the timeline's side cards: folded and unfolded with or without JavaScript); otherwise a
 * section named by its heading.
 */
export function Card(props: { title: ReactNode; level?: 2 | 3; collapsible?: boolean; actions?: ReactNode; className?: string; children: ReactNode }) {
	const { title, level = 2, collapsible, actions, className, children } = props
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
