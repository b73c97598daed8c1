import type { BodySegment } from '~/lib/timeline/comments'

/** A body's text and its mentions, each shown as '@Name' or 'Invalid user' (002 §5). */
export function Segments({ segments }: { segments: BodySegment[] }) {
	return (
		<>
			{segments.map((s, i) =>
				'text' in s ? (
					<span key={i}>{s.text}</span>
				) : (
					<strong key={i} className={s.known ? 'mention' : 'mention mention--invalid'}>
						{s.known ? `@${s.name}` : s.name}
					</strong>
				),
			)}
		</>
	)
}
