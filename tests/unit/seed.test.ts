import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, inArray, isNull, like } from 'drizzle-orm'
import {
	acquireDataDirLock,
	migrate,
	migrationsApplied,
	openDatabase,
	type DatabaseHandle,
} from '../../server/db/client'
import { hashPassword, verifyPassword } from '../../server/db/password'
import {
	events,
	featureToggles,
	memberships,
	organizations,
	shipments,
	shipSets,
	users,
	follows,
	recentlyViewed,
	nodes,
	comments,
	commentMentions,
} from '../../server/db/schema'
import { DEMO_PASSWORD, seedDemo, seedScale, TOGGLE_NAMES } from '../../server/db/seed'
import { NAMED_ORDERS_NOW } from '../../server/db/seed/named-orders'
import { refreshOrders } from '../../server/ingest/derive'

/** The demo-data contract (docs/demo-data.md), checked on a fresh in-memory database. */

const TODAY = new Date('2026-11-23T00:00:00Z')
let handle: DatabaseHandle

async function freshDatabase(): Promise<DatabaseHandle> {
	const h = await openDatabase({ memory: true })
	await migrate(h)
	return h
}

async function orderNames(h: DatabaseHandle): Promise<string[]> {
	const rows = await h.db.select({ name: shipSets.name }).from(shipSets).orderBy(asc(shipSets.name))
	return rows.map((r) => r.name)
}

async function acmeId(): Promise<string> {
	const [org] = await handle.db.select().from(organizations).where(eq(organizations.slug, 'acme'))
	if (!org) throw new Error('no acme')
	return org.id
}

beforeAll(async () => {
	handle = await freshDatabase()
	expect(await seedDemo(handle.db, { today: TODAY })).toBe(true)
}, 120_000)

afterAll(async () => {
	await handle?.close()
})

describe('demo seed', () => {
	it('records the migrations as applied', async () => {
		expect(await migrationsApplied(handle)).toBe(true)
	})

	it('has the two supply chains', async () => {
		const orgs = await handle.db.select().from(organizations).orderBy(asc(organizations.slug))
		expect(orgs.map((o) => [o.slug, o.name])).toEqual([
			['acme', 'Acme Devices'],
			['globex', 'Globex Retail'],
		])
	})

	it('has SO-1001 … SO-1019 exactly once each in acme, and two orders with PO-7781', async () => {
		const orgId = await acmeId()
		const named = await handle.db
			.select({ name: shipSets.name, status: shipSets.status, reference: shipSets.referenceNumber })
			.from(shipSets)
			.where(and(eq(shipSets.organizationId, orgId), like(shipSets.name, 'SO-10%')))
			.orderBy(asc(shipSets.name))
		expect(named.map((r) => r.name)).toEqual(Array.from({ length: 19 }, (_, i) => `SO-${1001 + i}`))
		const statuses = Object.fromEntries(
			named.slice(0, 7).map((r) => [r.name, [r.reference, r.status]]),
		)
		expect(statuses).toEqual({
			'SO-1001': ['PO-7781', 'in_transit'],
			'SO-1002': ['PO-7781', 'in_process'],
			'SO-1003': ['PO-7790', 'delivered'],
			'SO-1004': ['PO-7791', 'pending'],
			'SO-1005': ['PO-7792', 'cancelled'],
			'SO-1006': ['PO-7793', 'closed'],
			'SO-1007': ['PO-7794', 'in_transit'],
		})
		for (const r of named.slice(7)) expect(r.reference).toMatch(/^PO-78\d\d$/)
		const po = await handle.db
			.select({ name: shipSets.name })
			.from(shipSets)
			.where(eq(shipSets.referenceNumber, 'PO-7781'))
		expect(po.map((r) => r.name).sort()).toEqual(['SO-1001', 'SO-1002'])
	})

	it('gives 1Z999AA10123456784 to acme SO-1001 only', async () => {
		const rows = await handle.db
			.select({ org: organizations.slug, order: shipSets.name, finalMile: shipments.finalMile })
			.from(shipments)
			.innerJoin(shipSets, eq(shipSets.id, shipments.shipSetId))
			.innerJoin(organizations, eq(organizations.id, shipments.organizationId))
			.where(inArray(shipments.trackingNumber, ['1Z999AA10123456784', '9400111899223197428490']))
			.orderBy(asc(shipments.trackingNumber))
		expect(rows).toEqual([
			{ org: 'acme', order: 'SO-1001', finalMile: false },
			{ org: 'acme', order: 'SO-1001', finalMile: true },
		])
	})

	it('leaves SO-1004 without events and gives SO-1007 a damage node', async () => {
		const [so1004] = await handle.db.select().from(shipSets).where(eq(shipSets.name, 'SO-1004'))
		const none = await handle.db
			.select()
			.from(events)
			.where(eq(events.shipSetId, so1004?.id ?? ''))
		expect(none).toHaveLength(0)
		expect(so1004?.lastEventAt).toBeNull()
		const damage = await handle.db
			.select({ category: nodes.damageCategory, notes: nodes.damageNotes })
			.from(nodes)
			.innerJoin(shipSets, eq(shipSets.id, nodes.shipSetId))
			.where(and(eq(shipSets.name, 'SO-1007'), eq(nodes.buildingType, 'Damage')))
		expect(damage).toHaveLength(1)
		expect(damage[0]?.category).toBeTruthy()
		expect(damage[0]?.notes).toBeTruthy()
	})

	it('seeds the four people with their permissions and the demo password', async () => {
		const rows = await handle.db
			.select({
				email: users.email,
				givenName: users.givenName,
				hash: users.passwordHash,
				org: organizations.slug,
				permissions: memberships.permissions,
				services: memberships.subscribedServices,
			})
			.from(users)
			.innerJoin(memberships, eq(memberships.userId, users.id))
			.innerJoin(organizations, eq(organizations.id, memberships.organizationId))
			.orderBy(asc(users.email))
		expect(rows.map((r) => [r.email, r.givenName, r.org])).toEqual([
			['gary@globex.test', 'Gary', 'globex'],
			['nadia@acme.test', 'Nadia', 'acme'],
			['olivia@acme.test', 'Olivia', 'acme'],
			['victor@acme.test', null, 'acme'],
		])
		const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]))
		expect(byEmail['olivia@acme.test']?.permissions).toEqual([
			'DASHBOARD.DEFAULT',
			'CORE.DEFAULT',
			'CORE.ANALYTICS',
			'TRACKER.DEFAULT',
			'AUTH.MANAGE_INVITATIONS',
			'CORE.UPDATE_SUPPLY_CHAIN_SETTINGS',
			'MULTIVIEW.SEARCH_ORDERS',
		])
		expect(byEmail['victor@acme.test']?.permissions).toEqual(['CORE.DEFAULT'])
		expect(byEmail['victor@acme.test']?.services).toEqual(['CORE'])
		expect(byEmail['nadia@acme.test']?.permissions).toEqual([])
		expect(byEmail['nadia@acme.test']?.services).toEqual([])
		expect(byEmail['gary@globex.test']?.permissions).toEqual([
			'DASHBOARD.DEFAULT',
			'CORE.DEFAULT',
			'CORE.ANALYTICS',
			'TRACKER.DEFAULT',
		])
		expect(byEmail['gary@globex.test']?.services).toEqual(['CORE', 'DASHBOARD', 'TRACKER'])
		expect(await verifyPassword(DEMO_PASSWORD, byEmail['olivia@acme.test']?.hash)).toBe(true)
		expect(await verifyPassword('wrong-password', byEmail['olivia@acme.test']?.hash)).toBe(false)
	})

	it("lists Olivia's follows, recent views and her mention in SO-1001", async () => {
		const olivia = (
			await handle.db.select().from(users).where(eq(users.email, 'olivia@acme.test'))
		)[0]
		const userId = olivia?.id ?? ''
		const followed = await handle.db
			.select({ name: shipSets.name })
			.from(follows)
			.innerJoin(shipSets, eq(shipSets.id, follows.shipSetId))
			.where(eq(follows.userId, userId))
		expect(followed.map((r) => r.name).sort()).toEqual(['SO-1001', 'SO-1003'])
		const viewed = await handle.db
			.select({ name: shipSets.name })
			.from(recentlyViewed)
			.innerJoin(shipSets, eq(shipSets.id, recentlyViewed.shipSetId))
			.where(eq(recentlyViewed.userId, userId))
		expect(viewed.map((r) => r.name).sort()).toEqual(['SO-1001', 'SO-1002', 'SO-1007'])
		const mentions = await handle.db
			.select({ body: comments.body })
			.from(commentMentions)
			.innerJoin(comments, eq(comments.id, commentMentions.commentId))
			.innerJoin(shipSets, eq(shipSets.id, comments.shipSetId))
			.where(and(eq(commentMentions.userId, userId), eq(shipSets.name, 'SO-1001')))
		expect(mentions).toHaveLength(1)
		expect(mentions[0]?.body).toContain(`<UserMention>${userId}</UserMention>`)
	})

	it('seeds every toggle as a global default, issues log per supply chain', async () => {
		const globals = await handle.db
			.select()
			.from(featureToggles)
			.where(isNull(featureToggles.organizationId))
		expect(globals.map((t) => t.name).sort()).toEqual([...TOGGLE_NAMES].sort())
		const on = (name: string) => globals.find((t) => t.name === name)?.enabled
		expect(on('web.ui.orderTracker')).toBe(true)
		expect(on('web.ui.dashboard.v3.redirect')).toBe(false)
		const perOrg = await handle.db
			.select({ name: featureToggles.name, enabled: featureToggles.enabled })
			.from(featureToggles)
			.where(eq(featureToggles.name, 'web.ui.dashboard.issuesLog'))
		expect(perOrg.filter((t) => t.enabled)).toHaveLength(2)
	})

	it('keeps generated orders off the named prefixes', async () => {
		const names = await orderNames(handle)
		const generated = names.filter((n) => !/^SO-10\d\d$/.test(n))
		expect(generated.length).toBeGreaterThanOrEqual(600)
		for (const n of generated) expect(n.startsWith('SO-10')).toBe(false)
	})

	it('does not seed twice', async () => {
		expect(await seedDemo(handle.db, { today: TODAY })).toBe(false)
		expect(await handle.db.$count(organizations)).toBe(2)
	})

	it('writes the same orders into a second fresh database', async () => {
		const other = await freshDatabase()
		try {
			expect(await seedDemo(other.db, { today: TODAY })).toBe(true)
			const [a, b] = [await orderNames(handle), await orderNames(other)]
			expect(b).toEqual(a)
			const ids = async (h: DatabaseHandle) =>
				(await h.db.select({ id: shipSets.id }).from(shipSets).orderBy(asc(shipSets.id))).map(
					(r) => r.id,
				)
			expect(await ids(other)).toEqual(await ids(handle))
		} finally {
			await other.close()
		}
	}, 120_000)

	it('adds scale orders after the existing ones', async () => {
		const first = await seedScale(handle.db, { orders: 30, batchSize: 20, today: TODAY })
		expect([first.firstName, first.lastName]).toEqual(['BX-0000001', 'BX-0000030'])
		const second = await seedScale(handle.db, { orders: 5, today: TODAY })
		expect(second.firstName).toBe('BX-0000031')
		const scaled = await handle.db
			.select({ id: shipSets.id })
			.from(shipSets)
			.where(like(shipSets.name, 'BX-%'))
		expect(scaled).toHaveLength(35)
	}, 60_000)

	it("writes every order as the ingestion's full derivation has it: reading all their events again moves nothing", async () => {
		for (const org of await handle.db.select({ id: organizations.id }).from(organizations)) {
			const orders = await handle.db
				.select({ id: shipSets.id, name: shipSets.name })
				.from(shipSets)
				.where(eq(shipSets.organizationId, org.id))
			const named = orders.filter((o) => /^SO-10\d\d$/.test(o.name)).map((o) => o.id)
			const rest = orders.filter((o) => !/^SO-10\d\d$/.test(o.name)).map((o) => o.id)
			// The named orders are as of their fixed instant, the generated ones as of the seed day.
			for (const [ids, now] of [
				[named, NAMED_ORDERS_NOW],
				[rest, TODAY],
			] as const) {
				const moved = await handle.db.transaction((tx) => refreshOrders(tx, org.id, ids, now))
				expect({ nodes: moved.nodes, shipments: moved.shipments, orders: moved.orders }).toEqual({
					nodes: [],
					shipments: [],
					orders: [],
				})
			}
		}
	}, 60_000)
})

describe('passwords', () => {
	it('hashes in the scrypt$N$r$p$salt$hash format', async () => {
		const hash = await hashPassword('s3cret')
		expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
		expect(await verifyPassword('s3cret', hash)).toBe(true)
		expect(await verifyPassword('s3cret!', hash)).toBe(false)
		expect(await verifyPassword('s3cret', 'garbage')).toBe(false)
	})
})

describe('data folder lock', () => {
	it('refuses a live owner and takes over a stale lock', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-lock-'))
		try {
			// A live process other than this one: the parent of the test worker.
			fs.writeFileSync(path.join(dir, 'waymark.lock'), `${process.ppid}\n`)
			expect(() => acquireDataDirLock(dir)).toThrow(
				/Another Waymark server \(pid \d+\) is using the data folder/,
			)
			// A pid that cannot be alive.
			fs.writeFileSync(path.join(dir, 'waymark.lock'), '2147483646\n')
			const release = acquireDataDirLock(dir)
			expect(fs.readFileSync(path.join(dir, 'waymark.lock'), 'utf8').trim()).toBe(
				String(process.pid),
			)
			release()
			expect(fs.existsSync(path.join(dir, 'waymark.lock'))).toBe(false)
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})
})
