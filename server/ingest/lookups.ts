import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { carriers, locations, orderTypes, statusTypes, substatusTypes, tags } from '../db/schema'
import type { LocationIn } from './ingest.contract'
import { uuidArray } from '../db/params'

/** What the ingestion resolves by name in bulk: places, carriers, order types, tags, issue types. */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
export type Executor = Database | Tx

/** A sent place is the same place as a stored one with the same name, city, state and country (case aside). */
export const locationKey = (l: Pick<LocationIn, 'name' | 'city' | 'state' | 'country'>) =>
	[l.name, l.city ?? '', l.state ?? '', l.country ?? '']
		.map((v) => v.trim().toLowerCase())
		.join('\u0000')

/** The ids of the given places, made when new: one query to find, one to add. */
export async function resolveLocations(
	db: Executor,
	organizationId: string,
	wanted: readonly LocationIn[],
): Promise<Map<string, string>> {
	const byKey = new Map<string, LocationIn>()
	for (const l of wanted) if (!byKey.has(locationKey(l))) byKey.set(locationKey(l), l)
	const ids = new Map<string, string>()
	if (byKey.size === 0) return ids
	const names = [...new Set([...byKey.values()].map((l) => l.name))]
	const found = await db
		.select({
			id: locations.id,
			name: locations.name,
			city: locations.city,
			state: locations.state,
			country: locations.country,
		})
		.from(locations)
		.where(and(eq(locations.organizationId, organizationId), inArray(locations.name, names)))
	for (const f of found) {
		const key = locationKey(f)
		if (byKey.has(key) && !ids.has(key)) ids.set(key, f.id)
	}
	const missing = [...byKey.entries()].filter(([key]) => !ids.has(key))
	if (missing.length) {
		const made = await db
			.insert(locations)
			.values(
				missing.map(([, l]) => ({
					organizationId,
					name: l.name,
					street1: l.street1 ?? null,
					street2: l.street2 ?? null,
					city: l.city ?? null,
					state: l.state ?? null,
					postalCode: l.postal_code ?? null,
					country: l.country ?? null,
					latitude: l.latitude ?? null,
					longitude: l.longitude ?? null,
					timezone: l.timezone ?? null,
				})),
			)
			.returning({
				id: locations.id,
				name: locations.name,
				city: locations.city,
				state: locations.state,
				country: locations.country,
			})
		for (const m of made) ids.set(locationKey(m), m.id)
	}
	return ids
}

/** The supply chain's carriers by lower-cased code and name. */
export async function carrierIndex(
	db: Executor,
	organizationId: string,
): Promise<Map<string, string>> {
	const rows = await db
		.select({ id: carriers.id, code: carriers.code, name: carriers.name })
		.from(carriers)
		.where(eq(carriers.organizationId, organizationId))
	const index = new Map<string, string>()
	for (const r of rows) if (!index.has(r.name.toLowerCase())) index.set(r.name.toLowerCase(), r.id)
	for (const r of rows) index.set(r.code.toLowerCase(), r.id)
	return index
}

/** Issue types (substatus types of the Exception status type, code 3) by lower-cased code and name. */
export async function issueTypeIndex(db: Executor): Promise<Map<string, string>> {
	const rows = await db
		.select({ id: substatusTypes.id, code: substatusTypes.code, name: substatusTypes.name })
		.from(substatusTypes)
		.innerJoin(statusTypes, eq(statusTypes.id, substatusTypes.statusTypeId))
		.where(eq(statusTypes.code, 3))
	const index = new Map<string, string>()
	for (const r of rows) {
		index.set(r.name.toLowerCase(), r.id)
		index.set(r.code.toLowerCase(), r.id)
	}
	return index
}

/** Ids of named rows of a per-supply-chain list (order types, tags), made when new. */
export async function resolveNames(
	db: Executor,
	table: typeof orderTypes | typeof tags,
	organizationId: string,
	names: readonly string[],
): Promise<Map<string, string>> {
	const unique = [...new Set(names)]
	const ids = new Map<string, string>()
	if (!unique.length) return ids
	await db
		.insert(table)
		.values(unique.map((name) => ({ organizationId, name })))
		.onConflictDoNothing()
	const rows = await db
		.select({ id: table.id, name: table.name })
		.from(table)
		.where(and(eq(table.organizationId, organizationId), inArray(table.name, unique)))
	for (const r of rows) ids.set(r.name, r.id)
	return ids
}

/** Items by a key of theirs, each key's items in their order. */
export function groupBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, T[]> {
	const out = new Map<string, T[]>()
	for (const item of items) {
		const k = key(item)
		const list = out.get(k)
		if (list) list.push(item)
		else out.set(k, [item])
	}
	return out
}

/** `column = any($1::uuid[])`: ids as one array parameter. */
export const anyId = (column: unknown, ids: readonly string[]) =>
	sql`${column} = any(${uuidArray(ids)})`
