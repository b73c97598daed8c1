import type { ShipSet } from '../types'

/** 002 §2 Photos: the order's photos. */
export function PhotoList({ shipSet }: { shipSet: ShipSet }) {
	if (shipSet.photos.files.length === 0) return <p>No photos available.</p>
	return (
		<ul className="file-list">
			{shipSet.photos.files.map((p) => (
				<li key={p.id}>
					{p.imageFileName}
					{p.notes ? <span className="file-notes"> · {p.notes}</span> : null}
				</li>
			))}
		</ul>
	)
}
