import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { shipSets } from '../db/schema'
import { ORDER_NOT_FOUND } from '../shared/common'
import { ApiError } from '../errors'

type Reader = Pick<Database, 'select'>

/**
 * The order a mutation or list is about, inside the caller's supply chain
 * (docs/architecture.md rule 3): another tenant's id throws the same 404 as an unknown one.
 */
export async function requireOrder(db: Reader, organizationId: string, shipSetId: string) {
	const [order] = await db
		.select({ id: shipSets.id, name: shipSets.name })
		.from(shipSets)
		.where(and(eq(shipSets.id, shipSetId), eq(shipSets.organizationId, organizationId)))
		.limit(1)
	if (!order) throw new ApiError(404, ORDER_NOT_FOUND)
	return order
}
