import { EmptyState } from '~/components/ui/empty-state'
import { Card } from '~/components/ui/card'
import type { ShipSet } from '~/lib/timeline/types'

/** 002 §2 side widget "Tags" (behind the tags toggle; the caller decides). */
export function TagsCard({ shipSet }: { shipSet: ShipSet }) {
	return (
		<Card collapsible title="Tags">
			{shipSet.tags.length === 0 ? (
				<EmptyState>No tags available.</EmptyState>
			) : (
				<ul className="tag-list">
					{shipSet.tags.map((t) => (
						<li key={t.id}>{t.name}</li>
					))}
				</ul>
			)}
		</Card>
	)
}
