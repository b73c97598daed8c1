import { EmptyState } from '~/components/ui/empty-state'
import type { CSSProperties } from 'react'
import type { StatusBar } from '~/lib/tracker/status-bar'
import { trackerTexts } from '~/lib/tracker/texts'

/**
 * The ORDER STATUS bar on the right of the public timeline (000 §2 "Right side: an ORDER
 * STATUS bar. 'No events available' when there are no events"; the steps, fill and
 * colours come from statusBar(), 000 §4). The track is drawn over four step rows, so a
 * shortened list (Cancelled, Closed) fills the half that holds its two steps.
 */
export function OrderStatusBar({ bar, hasEvents }: { bar: StatusBar; hasEvents: boolean }) {
	const current = bar.steps.find((s) => s.state === 'current')
	return (
		<section className="panel order-status" aria-labelledby="order-status-title">
			<h2 id="order-status-title">{trackerTexts.orderStatus}</h2>
			<div
				className={`status-bar status-bar--${bar.tone}`}
				style={{ '--fill': `${bar.fill}%` } as CSSProperties}
				data-fill={bar.fill}
				data-progress={bar.progress}
				role="group"
				aria-label={`${trackerTexts.orderStatus}: ${current?.label ?? ''}`}
			>
				<div className="status-bar__track" aria-hidden="true">
					<div className="status-bar__fill" />
				</div>
				<ol className="status-bar__steps">
					{bar.steps.map((step) => (
						<li
							key={step.label}
							className={`status-step status-step--${step.state}`}
							aria-current={step.state === 'current' ? 'step' : undefined}
						>
							{step.label}
						</li>
					))}
				</ol>
			</div>
			{hasEvents ? null : <EmptyState>{trackerTexts.noEventsAvailable}</EmptyState>}
		</section>
	)
}
