import { TOGGLES } from './toggles'
import { ORGS, USERS, type OrgSeed } from './orgs'
import { seedId } from './random'
import {
	CARRIERS,
	CITIES,
	CONVEYANCE_TYPES,
	CUSTOM_ATTRIBUTE_TYPES,
	DOCUMENT_TYPES,
	ISSUE_TYPES,
	MEASUREMENT_TYPES,
	ORDER_TYPES,
	STATUS_TYPES,
	type CarrierSeed,
	type City,
	type CustomAttributeKey,
	type IssueCode,
	type SensorCode,
	type SiteSeed,
} from './reference-data'
import type { SeedRows } from './rows'

/**
 * Reference rows (global and per organization) and the lookup context the
 * order builders use. Ids are derived from names (seedId), so the context is
 * known without reading the database back.
 */

export const globalIds = {
	conveyance: (code: number) => seedId('conveyance_type', code),
	measurementType: (code: SensorCode) => seedId('measurement_type', code),
	statusType: (code: number) => seedId('status_type', code),
	issueType: (code: IssueCode) => seedId('substatus_type', 3, code),
	documentType: (code: string) => seedId('document_type', code),
	user: (email: string) => seedId('user', email),
	organization: (slug: string) => seedId('organization', slug),
}

export interface Site extends SiteSeed {
	id: string
	place: City
}

export interface CarrierRef extends CarrierSeed {
	id: string
	mode: 'ground' | 'air' | 'ocean'
}

export interface OrgContext {
	seed: OrgSeed
	id: string
	slug: string
	carriers: readonly CarrierRef[]
	carrier(name: string): CarrierRef
	tagIds: readonly string[]
	tagId(name: string): string
	orderTypeIds: readonly string[]
	orderTypeId(name: string): string
	customAttributeTypeId(key: CustomAttributeKey): string
	site(key: string): Site
	factories: readonly Site[]
	dcs: readonly Site[]
	customers: readonly Site[]
	/** Members who write comments (have CORE.DEFAULT), and everybody who can be mentioned. */
	commenterIds: readonly string[]
	mentionableIds: readonly string[]
}

const MODES = ['ground', 'air', 'ocean'] as const

export function orgContext(seed: OrgSeed): OrgContext {
	const orgId = globalIds.organization(seed.slug)
	const oid = (...parts: (string | number)[]) => seedId(seed.slug, ...parts)
	const carriers = CARRIERS.map((c) => ({
		...c,
		id: oid('carrier', c.code),
		mode: MODES[c.conveyance],
	}))
	const sites = seed.sites.map((s) => ({ ...s, id: oid('location', s.key), place: CITIES[s.city] }))
	const members = USERS.filter((u) => u.org === seed.slug)
	const find = <T>(list: readonly T[], ok: (t: T) => boolean, what: string): T => {
		const found = list.find(ok)
		if (!found) throw new Error(`seed: unknown ${what}`)
		return found
	}
	return {
		seed,
		id: orgId,
		slug: seed.slug,
		carriers,
		carrier: (name) => find(carriers, (c) => c.name === name, `carrier ${name}`),
		tagIds: seed.tags.map((t) => oid('tag', t)),
		tagId: (name) =>
			oid(
				'tag',
				find(seed.tags, (t) => t === name, `tag ${name}`),
			),
		orderTypeIds: ORDER_TYPES.map((t) => oid('order_type', t)),
		orderTypeId: (name) =>
			oid(
				'order_type',
				find(ORDER_TYPES, (t) => t === name, `order type ${name}`),
			),
		customAttributeTypeId: (key) => oid('custom_attribute_type', key),
		site: (key) => find(sites, (s) => s.key === key, `site ${key}`),
		factories: sites.filter((s) => s.kind === 'factory'),
		dcs: sites.filter((s) => s.kind === 'dc'),
		customers: sites.filter((s) => s.kind === 'customer'),
		commenterIds: members
			.filter((u) => u.permissions.includes('CORE.DEFAULT'))
			.map((u) => globalIds.user(u.email)),
		mentionableIds: members.map((u) => globalIds.user(u.email)),
	}
}

export const ORG_CONTEXTS: readonly OrgContext[] = ORGS.map(orgContext)

export function contextFor(slug: string): OrgContext {
	const ctx = ORG_CONTEXTS.find((c) => c.slug === slug)
	if (!ctx) throw new Error(`seed: unknown organization ${slug}`)
	return ctx
}

/** Global reference rows: conveyance, measurement, status, issue and document types; toggle defaults. */
export function pushGlobalReference(rows: SeedRows): void {
	for (const t of CONVEYANCE_TYPES)
		rows.conveyanceTypes.push({ id: globalIds.conveyance(t.code), ...t })
	for (const t of MEASUREMENT_TYPES)
		rows.measurementTypes.push({ id: globalIds.measurementType(t.code), ...t })
	for (const t of STATUS_TYPES) rows.statusTypes.push({ id: globalIds.statusType(t.code), ...t })
	for (const t of ISSUE_TYPES) {
		rows.substatusTypes.push({
			id: globalIds.issueType(t.code),
			statusTypeId: globalIds.statusType(3),
			...t,
		})
	}
	for (const t of DOCUMENT_TYPES)
		rows.documentTypes.push({ id: globalIds.documentType(t.code), ...t })
	for (const t of TOGGLES) {
		rows.featureToggles.push({
			id: seedId('toggle', t.name),
			name: t.name,
			enabled: t.enabled,
			description: t.description,
		})
	}
}

/** An organization, its members, toggle overrides and its reference lists. */
export function pushOrgReference(
	rows: SeedRows,
	ctx: OrgContext,
	passwordHashes: Map<string, string>,
): void {
	const { seed } = ctx
	rows.organizations.push({
		id: ctx.id,
		slug: seed.slug,
		name: seed.name,
		alias: seed.alias,
		supportEmail: seed.supportEmail,
	})
	for (const u of USERS.filter((u) => u.org === seed.slug)) {
		const userId = globalIds.user(u.email)
		rows.users.push({
			id: userId,
			email: u.email,
			givenName: u.givenName,
			familyName: u.familyName,
			passwordHash: passwordHashes.get(u.email) ?? null,
		})
		rows.memberships.push({
			id: seedId('membership', u.email, seed.slug),
			userId,
			organizationId: ctx.id,
			permissions: [...u.permissions],
			subscribedServices: [...u.subscribedServices],
		})
	}
	for (const t of TOGGLES) {
		const enabled = t.organizations?.[seed.slug]
		if (enabled === undefined) continue
		rows.featureToggles.push({
			id: seedId('toggle', t.name, seed.slug),
			name: t.name,
			organizationId: ctx.id,
			enabled,
			description: t.description,
		})
	}
	const organizationId = ctx.id
	for (const c of ctx.carriers) {
		rows.carriers.push({
			id: c.id,
			organizationId,
			name: c.name,
			code: c.code,
			description: c.description,
			conveyanceTypeId: globalIds.conveyance(c.conveyance),
			scac: c.scac,
		})
	}
	for (const name of seed.tags) rows.tags.push({ id: ctx.tagId(name), organizationId, name })
	for (const name of ORDER_TYPES)
		rows.orderTypes.push({ id: ctx.orderTypeId(name), organizationId, name })
	for (const t of CUSTOM_ATTRIBUTE_TYPES) {
		rows.customAttributeTypes.push({
			id: ctx.customAttributeTypeId(t.key),
			organizationId,
			name: t.name,
			objectType: t.objectType,
			dataType: t.dataType,
		})
	}
	for (const s of [...ctx.factories, ...ctx.dcs, ...ctx.customers]) {
		rows.locations.push({
			id: s.id,
			organizationId,
			name: s.name,
			street1: s.street1,
			city: s.place.city,
			state: s.place.state,
			postalCode: s.place.postalCode,
			country: s.place.country,
			latitude: s.place.latitude,
			longitude: s.place.longitude,
			timezone: s.place.timezone,
			kind: s.kind,
		})
	}
}
