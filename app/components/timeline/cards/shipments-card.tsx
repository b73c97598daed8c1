import { Link } from 'react-router'
import { withParams } from '~/lib/timeline/url'
import type { ShipSet } from '../types'

/** 002 §2 side widget "Shipments · n": each shipment, its node link and its details modal. */
export function ShipmentsCard({ shipSet, search }: { shipSet: ShipSet; search: string }) {
	return (
		<details open>
			<summary>Shipments · {shipSet.shipments.length}</summary>
			{shipSet.shipments.length === 0 ? (
				<p>No shipments available.</p>
			) : (
				<ul className="shipment-list">
					{shipSet.shipments.map((s) => (
						<li key={s.id}>
							<Link to={withParams(search, { node_connectable_id: s.id, nodeId: null })}>{s.trackingNumber ?? 'N/A'}</Link>{' '}
							<Link to={withParams(search, { shipment: s.id })} aria-label={`Details of ${s.trackingNumber ?? 'shipment'}`}>
								details
							</Link>{' '}
							<span>{s.carrier?.name}</span> <span className={`badge status-${s.status}`}>{s.status === 'cancelled' ? 'Canceled' : s.status.replace('_', ' ')}</span>
							{s.finalMile ? <span className="badge final-mile"> Final Mile</span> : null}
						</li>
					))}
				</ul>
			)}
		</details>
	)
}
