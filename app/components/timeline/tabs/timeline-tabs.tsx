import type { ReactNode } from 'react'
import { Badge } from '~/components/ui/badge'
import { Tabs } from '~/components/ui/tabs'
import { withParams, type Tab } from '~/lib/timeline/url'

const TAB_LABELS: Record<Tab, string> = {
	calendar: 'Calendar',
	location: 'Location',
	tracker: 'Sensor Data',
	documents: 'Documents',
	photos: 'Photos',
	comments: 'Comments',
}

/**
 * The right-hand tabs (002 §2 "Right-hand tabs") as links, so the tab is URL state, and the
 * open tab's panel: the signed-in timeline offers every tab (Sensor Data when a tracking
 * group has readings), the guest link all but Sensor Data (002 §1).
 */
export function TimelineTabs({
	tabs,
	tab,
	search,
	counts,
	children,
}: {
	tabs: readonly Tab[]
	tab: Tab
	search: string
	counts: { documents: number; photos: number; comments: number }
	children: ReactNode
}) {
	return (
		<section className="side-tabs" aria-label="Node details">
			<Tabs
				label="Node detail tabs"
				items={tabs.map((t) => ({
					key: t,
					to: withParams(search, { tab: t === 'calendar' ? null : t, sensor: null }),
					current: t === tab,
					label: (
						<>
							{TAB_LABELS[t]}
							{t === 'documents'
								? ` (${counts.documents})`
								: t === 'photos'
									? ` (${counts.photos})`
									: ''}
							{t === 'comments' ? (
								<Badge aria-label={`${counts.comments} comments`}> {counts.comments}</Badge>
							) : null}
						</>
					),
				}))}
			/>
			<div className="tab-panel">{children}</div>
		</section>
	)
}
