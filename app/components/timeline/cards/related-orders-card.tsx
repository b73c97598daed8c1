import { Link } from 'react-router'
import type { ShipSet } from '../types'

/** 002 §2 side widget "Related Orders · n" with links to each related order. */
export function RelatedOrdersCard({ shipSet }: { shipSet: ShipSet }) {
	return (
		<details open>
			<summary>Related Orders · {shipSet.relatedShipSets.totalCount}</summary>
			{shipSet.relatedShipSets.totalCount === 0 ? (
				<p>No related orders available.</p>
			) : (
				<ul className="related-list">
					{shipSet.relatedShipSets.items.map((r) => (
						<li key={r.id}>
							<Link to={`/related_order/${r.shipSetId}`}>{r.shipSetName}</Link>
						</li>
					))}
				</ul>
			)}
		</details>
	)
}
