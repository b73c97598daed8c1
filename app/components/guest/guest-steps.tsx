import { Link } from 'react-router'
import type { GuestView } from '~/lib/guest/view'
import { withSearch } from '~/lib/tracker/timeline-links'
import { Icon } from '~/components/ui/icon'

const STATE_TEXT = { done: ' (done)', current: ' (current status)', upcoming: '' } as const

/**
 * The four steps (000 §2 "Four steps: pending, in process, on its way, delivered. The
 * active tab is set to the order's status once loaded. Steps before the current status
 * show as done; 'delivered' marks every step done"). Each step is a link to its section
 * (`?step=`), keeping the link's query, so it works without JavaScript.
 */
export function GuestSteps({
	steps,
	active,
	search,
}: {
	steps: GuestView['steps']
	active: string
	search: URLSearchParams
}) {
	return (
		<nav className="guest-steps" aria-label="Order steps">
			<ol>
				{steps.map((s) => (
					<li key={s.key} className={`guest-step guest-step--${s.state}`} data-state={s.state}>
						<Link
							to={withSearch(search, { step: s.key, events: null })}
							aria-current={s.key === active ? 'page' : undefined}
							preventScrollReset
							replace
							data-analytics="click_to_node"
						>
							<span className="guest-step__mark" aria-hidden="true">
								{s.state === 'done' ? <Icon name="check" /> : null}
							</span>
							{s.label}
							<span className="visually-hidden">{STATE_TEXT[s.state]}</span>
						</Link>
					</li>
				))}
			</ol>
		</nav>
	)
}
