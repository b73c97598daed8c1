import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { LocationCountry } from './reference.contract'

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
		if (!c)
			countries.set(
				countryId,
				(c = { id: countryId, name: country, type: 'country', children: [] }),
			)
		if (!state) continue
		const stateId = `state:${country}/${state}`
		let s = c.children.find((n) => n.id === stateId)
		if (!s) c.children.push((s = { id: stateId, name: state, type: 'state', children: [] }))
		if (!city) continue
		const cityId = `city:${country}/${state}/${city}`
		if (!s.children.some((n) => n.id === cityId))
			s.children.push({ id: cityId, name: city, type: 'city' })
	}
	const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
	return [...countries.values()].sort(byName).map((c) => ({
		...c,
		children: c.children.sort(byName).map((s) => ({ ...s, children: s.children.sort(byName) })),
	}))
}

/**
 * Distinct places of order destinations ('order') or shipment origins ('shipment') of one
 * tenant, without reading every order: search_place_counts (migration 0023, ADR 0021) holds
 * the rows of the search read model per place of each side, kept by its triggers, so the tree
 * is the places that have rows, one small index range whatever the orders.
 */
export const placeRows = (organizationId: string, level: 'order' | 'shipment') => sql`
	select country, state, city from search_place_counts
	where organization_id = ${organizationId} and side = ${level === 'order' ? 'dest' : 'origin'} and rows > 0`

/** The places of placeRows as a tree of countries, states and cities. */
export async function locationTree(
	db: Database,
	organizationId: string,
	level: 'order' | 'shipment',
): Promise<LocationCountry[]> {
	const rows = await db.execute<Place & Record<string, unknown>>(placeRows(organizationId, level))
	return buildLocationTree(rows.rows)
}
