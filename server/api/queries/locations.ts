import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
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

/**
 * Distinct places of order destinations ('order') or shipment origins ('shipment') of one
 * tenant, from the search read model (search_rows, ADR 0021) without reading every order:
 * each level is a skip scan of the (organization, country, state, city) index, one index
 * probe per distinct place (a recursive query that asks each time for the first entry past
 * the last one), so its cost follows the places, not the orders.
 */
export async function locationTree(db: Database, organizationId: string, level: 'order' | 'shipment'): Promise<LocationCountry[]> {
	const side = level === 'order' ? 'dest' : 'origin'
	const [country, state, city] = ['country', 'state', 'city'].map((l) => sql.raw(`${side}_${l}`)) as [SQL, SQL, SQL]
	const org = sql`organization_id = ${organizationId}`
	const rows = await db.execute<{ country: string; state: string | null; city: string | null }>(sql`
		with recursive countries as (
			(select ${country} as c from search_rows where ${org} and ${country} is not null order by ${country} limit 1)
			union all
			select n.c from countries p cross join lateral (
				select ${country} as c from search_rows where ${org} and ${country} > p.c order by ${country} limit 1) n
		), states as (
			(select ${country} as c, ${state} as s from search_rows where ${org} and ${country} is not null and ${state} is not null
				order by ${country}, ${state} limit 1)
			union all
			select n.c, n.s from states p cross join lateral (
				select ${country} as c, ${state} as s from search_rows where ${org} and (${country}, ${state}) > (p.c, p.s) and ${state} is not null
				order by ${country}, ${state} limit 1) n
		), cities as (
			(select ${country} as c, ${state} as s, ${city} as t from search_rows
				where ${org} and ${country} is not null and ${state} is not null and ${city} is not null
				order by ${country}, ${state}, ${city} limit 1)
			union all
			select n.c, n.s, n.t from cities p cross join lateral (
				select ${country} as c, ${state} as s, ${city} as t from search_rows
				where ${org} and (${country}, ${state}, ${city}) > (p.c, p.s, p.t) and ${state} is not null and ${city} is not null
				order by ${country}, ${state}, ${city} limit 1) n
		)
		select c as country, null as state, null as city from countries
		union all select c, s, null from states
		union all select c, s, t from cities`)
	return buildLocationTree(rows.rows)
}
