import type { ShipSet } from '../types'

/** 002 §2 Comments: the order's comments. */
export function CommentsTab({ shipSet }: { shipSet: ShipSet }) {
	return <p>{shipSet.comments.totalCount} comments on this order.</p>
}
