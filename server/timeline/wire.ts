import type { locations } from '../db/schema'
import type { TimelineLocation } from './timeline.contract'
import type { z } from '@hono/zod-openapi'

/** Small mappers from database rows to the API's snake_case wire shapes, shared by the queries. */

/** A timestamp on the wire: ISO 8601 in UTC, or null. */
export const iso = (value: Date | null) => (value ? value.toISOString() : null)

export type LocationRow = typeof locations.$inferSelect

/** A location row as the wire's location (002 §3, 000 §3 "Node location"). */
export function wirePlace(l: LocationRow): z.infer<typeof TimelineLocation> {
	return {
		name: l.name,
		street1: l.street1,
		street2: l.street2,
		city: l.city,
		state: l.state,
		postal_code: l.postalCode,
		country: l.country,
		latitude: l.latitude,
		longitude: l.longitude,
		timezone: l.timezone,
	}
}

/**
 * A shipment's carrier on the wire: its name and conveyance type in lower case (ground, ocean;
 * a carrier with none counts as air, as the carrier lists group it), or null without a carrier.
 */
export function wireCarrier(
	name: string | null,
	conveyance: string | null,
): { name: string; conveyance_type: string } | null {
	return name ? { name, conveyance_type: (conveyance ?? 'air').toLowerCase() } : null
}
