import { lazy, Suspense, type ReactElement } from 'react'
import { Link } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { GroupView } from '~/lib/tracker/timeline-view'
import { trackerTexts } from '~/lib/tracker/texts'
import { BuildingIcon, Icon } from '~/components/ui/icon'

/**
 * The node strip of the public timeline (000 §2 "Node carousel: 5 visible, responsive …,
 * previous and next arrows, slide speed 100. Each node shows a building-type icon, date
 * MM/DD/YYYY, a count badge for grouped Transit nodes and an exception badge").
 *
 * The server renders a plain, horizontally scrollable list of links: without JavaScript
 * that is the whole strip, and every node is a link (?node=…). Once hydrated, the same
 * cards move into react-multi-carousel, loaded on demand so the first paint needs none
 * of its code.
 */

const NodeCarousel = lazy(() => import('~/components/tracker/node-carousel'))

function NodeCard({
	group,
	selected,
	href,
}: {
	group: GroupView
	selected: boolean
	href: string
}) {
	const count = group.nodeIds.length
	return (
		<Link
			to={href}
			className={selected ? 'node-card node-card--selected' : 'node-card'}
			aria-current={selected ? 'true' : undefined}
			preventScrollReset
			replace
			data-building={group.buildingType}
			data-analytics="click_to_node"
		>
			<span className="node-card__icon">
				<BuildingIcon type={group.buildingType} />
				{group.isTransit && count > 1 ? (
					<span className="badge badge--count" role="img" aria-label={`${count} nodes`}>
						{count}
					</span>
				) : null}
				{group.hasException ? (
					<span className="badge badge--exception">
						<Icon name="exception" label="Exception" />
					</span>
				) : null}
			</span>
			{/* The icon names the building type; its visible label is for the eye only. */}
			<span className="node-card__type" aria-hidden="true">
				{group.buildingType}
			</span>
			<span className="node-card__date">{group.date ?? trackerTexts.noAvailableUpdates}</span>
		</Link>
	)
}

export function NodeStrip({
	groups,
	selectedKey,
	hrefFor,
}: {
	groups: GroupView[]
	selectedKey: string
	hrefFor: (group: GroupView) => string
}) {
	const hydrated = useHydrated()
	const cards: ReactElement[] = groups.map((g) => (
		<NodeCard key={g.key} group={g} selected={g.key === selectedKey} href={hrefFor(g)} />
	))
	const plain = (
		<ol className="node-strip" aria-label={trackerTexts.nodes}>
			{cards.map((card) => (
				<li key={card.key}>{card}</li>
			))}
		</ol>
	)
	if (!hydrated) return plain
	const selectedIndex = Math.max(
		0,
		groups.findIndex((g) => g.key === selectedKey),
	)
	return (
		<Suspense fallback={plain}>
			<NodeCarousel selectedIndex={selectedIndex}>{cards}</NodeCarousel>
		</Suspense>
	)
}
