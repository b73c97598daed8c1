import { and, eq, isNull, or } from 'drizzle-orm'
import type { Database } from '../db/client'
import { featureToggles, organizations } from '../db/schema'
import { ApiError } from '../errors'

/**
 * Sets a toggle's global default (no organization) or one supply chain's own
 * value. Shared by the admin endpoint and `npm run toggle` when no server runs.
 */
export async function setToggle(
	db: Database,
	name: string,
	enabled: boolean,
	organization?: string,
) {
	let organizationId: string | null = null
	if (organization) {
		const [org] = await db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, organization))
		if (!org) throw new ApiError(404, `organization: no supply chain '${organization}'`)
		organizationId = org.id
	}
	await db
		.insert(featureToggles)
		.values({ name, organizationId, enabled })
		.onConflictDoUpdate({
			target: [featureToggles.name, featureToggles.organizationId],
			set: { enabled, updatedAt: new Date() },
		})
	return { name, enabled, organization: organization ?? null }
}

/** Whether a toggle is on for a supply chain: its own row, else the global default, else off. */
export async function isToggleOn(
	db: Pick<Database, 'select'>,
	name: string,
	organizationId: string,
): Promise<boolean> {
	const rows = await db
		.select({ organizationId: featureToggles.organizationId, enabled: featureToggles.enabled })
		.from(featureToggles)
		.where(
			and(
				eq(featureToggles.name, name),
				or(
					isNull(featureToggles.organizationId),
					eq(featureToggles.organizationId, organizationId),
				),
			),
		)
	return (rows.find((r) => r.organizationId !== null) ?? rows[0])?.enabled ?? false
}
