import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { locations, shipSets, shipments } from '../../db/schema'
import type { LocationCountry } from '../../contracts/reference'

export interface Place {
	country: string | null
	state: string | null
	city: string | null
}

/**
 * Builds the country → state → city tree of the advanced search's location
 * filters; each entry carries the type of its level (000 §3 "Dropdown lists").
 * Ids are the path of names, so a filter value survives a reseed.
 */
export function buildLocationTree(places: Place[]): LocationCountry[] {
	const countries = new Map<string, LocationCountry>()
	for (const { country, state, city } of places) {
		if (!country) continue
		const countryId = `country:${country}`
		let c = countries.get(countryId)
		if (!c) countries.set(countryId, (c = { id: countryId, name: country, type: 'country', children: [] }))
		if (!state) continue
		const stateId = `state:${country}/${state}`
		let s = c.children.find((n) => n.id === stateId)
		if (!s) c.children.push((s = { id: stateId, name: state, type: 'state', children: [] }))
		if (!city) continue
		const cityId = `city:${country}/${state}/${city}`
		if (!s.children.some((n) => n.id === cityId)) s.children.push({ id: cityId, name: city, type: 'city' })
	}
	const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
	return [...countries.values()].sort(byName).map((c) => ({
		...c,
		children: c.children.sort(byName).map((s) => ({ ...s, children: s.children.sort(byName) })),
	}))
}

/** Distinct places of order destinations ('order') or shipment origins ('shipment') of one tenant. */
export async function locationTree(
	db: Database,
	organizationId: string,
	level: 'order' | 'shipment',
): Promise<LocationCountry[]> {
	const columns = { country: locations.country, state: locations.state, city: locations.city }
	const rows =
		level === 'order'
			? await db
					.selectDistinct(columns)
					.from(shipSets)
					.innerJoin(locations, eq(locations.id, shipSets.locationId))
					.where(and(eq(shipSets.organizationId, organizationId), isNotNull(locations.country)))
					.orderBy(asc(locations.country))
			: await db
					.selectDistinct(columns)
					.from(shipments)
					.innerJoin(locations, eq(locations.id, shipments.shipperLocationId))
					.where(and(eq(shipments.organizationId, organizationId), isNotNull(locations.country)))
					.orderBy(asc(locations.country))
	return buildLocationTree(rows)
}
