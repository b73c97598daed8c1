/** A placeholder while a part loads: announced once as busy, its bars hidden from assistive technology. */
export function Skeleton({ label, lines = 3 }: { label: string; lines?: number }) {
	return (
		<div className="ui-skeleton" role="status" aria-busy="true">
			<span className="visually-hidden">{label}</span>
			{Array.from({ length: lines }, (_, i) => (
				<span key={i} className="skeleton" aria-hidden="true" />
			))}
		</div>
	)
}
