import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import { TimelineResponse } from '../../server/timeline/timeline.contract'
import type { CommentsPage } from '../../server/comments/comments.contract'
import { createHarness, type Harness } from './harness'

/**
 * A write is visible to the next read (docs/decisions/0031: the timeline is read from the database
 * on every request, nothing of it kept). Each case below reads an order's timeline, writes one
 * table it shows the way any writer might (plain SQL, as the ingestion, the seed or a hand-run
 * statement would, not through the API), and reads again: the write shows at once.
 */
let h: Harness
let olivia: string
let acme: string
let oliviaId: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	acme = (await one<{ id: string }>(sql`select id from organizations where slug = 'acme'`)).id
	oliviaId = await h.userId('olivia@acme.test')
})
afterAll(async () => {
	await h?.close()
})

async function one<T>(query: SQL): Promise<T> {
	const { rows } = await h.db.execute(query)
	expect(rows).toHaveLength(1)
	return rows[0] as T
}

type Answer = { ship_set: TimelineResponse['ship_set']; comments?: CommentsPage }

/** The order's timeline through the API, with its newest `comments` (0: none). */
async function read(name: string, comments = 20): Promise<Answer> {
	const id = await h.orderId('acme', name)
	const res = await h.call(`/api/web/ship_sets/${id}/timeline?comments=${comments}`, {
		token: olivia,
		supplyChain: 'acme',
	})
	expect(res.status).toBe(200)
	return res.body as Answer
}

/** The e-mails of the people the newest comments mention, as their page lists them. */
const mentioned = (a: Answer) =>
	a.comments!.comments.flatMap((c) => c.mentioned_users.map((u) => u.email))

const order = (name: string) =>
	sql`(select id from ship_sets where name = ${name} and organization_id = ${acme})`

/** A write, and what the order's answer shows after it. */
interface Case {
	table: string
	write: () => SQL
	shows: (a: Answer) => void
}

const cases: Case[] = [
	{
		table: 'ship_sets',
		write: () =>
			sql`update ship_sets set reference_number = 'PO-KEPT-1' where id = ${order('SO-1001')}`,
		shows: (a) => expect(a.ship_set.reference_number).toBe('PO-KEPT-1'),
	},
	{
		table: 'ship_sets (a related order renamed)',
		write: () => sql`update ship_sets set name = 'SO-1002-R' where id = ${order('SO-1002')}`,
		shows: (a) =>
			expect(a.ship_set.related_ship_sets.items.map((r) => r.ship_set_name)).toContain('SO-1002-R'),
	},
	{
		table: 'related_ship_sets',
		write: () =>
			sql`insert into related_ship_sets (organization_id, ship_set_id, related_ship_set_id) select ${acme}, ${order('SO-1005')}, ${order('SO-1001')}`,
		shows: (a) =>
			expect(a.ship_set.related_ship_sets.items.map((r) => r.ship_set_name)).toContain('SO-1005'),
	},
	{
		table: 'locations',
		write: () =>
			sql`update locations set name = 'Renamed place' where id = (select location_id from ship_sets where id = ${order('SO-1001')})`,
		shows: (a) => expect(a.ship_set.location?.name).toBe('Renamed place'),
	},
	{
		table: 'follows',
		write: () =>
			sql`delete from follows where ship_set_id = ${order('SO-1001')} and user_id = ${oliviaId}`,
		shows: (a) => expect(a.ship_set.following).toBe(false),
	},
	{
		table: 'notification_preferences',
		write: () =>
			sql`update notification_preferences set notif_type = 'delivered', promise_date = false where ship_set_id = ${order('SO-1001')} and user_id = ${oliviaId}`,
		shows: (a) =>
			expect(a.ship_set.notification).toMatchObject({
				notif_type: 'delivered',
				promise_date: false,
				saved: true,
			}),
	},
	{
		table: 'nodes',
		write: () =>
			sql`update nodes set damage_notes = 'Crushed corner' where id = (select id from nodes where ship_set_id = ${order('SO-1001')} order by position, position_in_group limit 1)`,
		shows: (a) => expect(a.ship_set.nodes[0]!.damage_notes).toBe('Crushed corner'),
	},
	{
		table: 'measurements (a measurement type new to a tracking group)',
		write: () =>
			sql`insert into measurements (organization_id, tracking_group_id, measurable_id, measurement_type_id, measure_at, value)
				select ${acme}, n.tracking_group_id, 'PLT-1001-01', (select id from measurement_types where code = 'shock'), now(), 2.5
				from nodes n where n.ship_set_id = ${order('SO-1001')} and n.tracking_group_id is not null`,
		shows: (a) =>
			expect(
				a.ship_set.nodes.find((n) => n.tracking_group_id)!.measurement_types.map((t) => t.code),
			).toContain('shock'),
	},
	{
		table: 'measurement_types',
		write: () =>
			sql`update measurement_types set name = 'Temperature (probe)' where code = 'temperature'`,
		shows: (a) =>
			expect(
				a.ship_set.nodes.find((n) => n.tracking_group_id)!.measurement_types.map((t) => t.name),
			).toContain('Temperature (probe)'),
	},
	{
		table: 'events',
		write: () =>
			sql`update events set title = 'Held at the border' where id = (select id from events where ship_set_id = ${order('SO-1001')} order by event_at desc, id limit 1)`,
		shows: (a) => expect(a.ship_set.events[0]!.title).toBe('Held at the border'),
	},
	{
		table: 'shipments',
		write: () =>
			sql`update shipments set tracking_number = 'TRK-KEPT-1' where id = (select id from shipments where ship_set_id = ${order('SO-1001')} order by created_at, id limit 1)`,
		shows: (a) => expect(a.ship_set.shipments[0]!.tracking_number).toBe('TRK-KEPT-1'),
	},
	{
		table: 'carriers',
		write: () =>
			sql`update carriers set name = 'Renamed carrier' where id = (select carrier_id from shipments where ship_set_id = ${order('SO-1001')} order by created_at, id limit 1)`,
		shows: (a) => expect(a.ship_set.shipments[0]!.carrier?.name).toBe('Renamed carrier'),
	},
	{
		table: 'conveyance_types',
		write: () =>
			sql`update conveyance_types set name = 'Rail' where id = (select c.conveyance_type_id from shipments sh join carriers c on c.id = sh.carrier_id where sh.ship_set_id = ${order('SO-1001')} order by sh.created_at, sh.id limit 1)`,
		shows: (a) => expect(a.ship_set.shipments[0]!.carrier?.conveyance_type).toBe('rail'),
	},
	{
		table: 'tags',
		write: () =>
			sql`update tags set name = 'Renamed tag' where id = (select tag_id from ship_set_tags where ship_set_id = ${order('SO-1001')} limit 1)`,
		shows: (a) => expect(a.ship_set.tags.map((t) => t.name)).toContain('Renamed tag'),
	},
	{
		table: 'ship_set_tags',
		write: () => sql`delete from ship_set_tags where ship_set_id = ${order('SO-1001')}`,
		shows: (a) => expect(a.ship_set.tags).toEqual([]),
	},
	{
		table: 'custom_attributes',
		write: () =>
			sql`update custom_attributes set value = 'Kept value' where id = (select id from custom_attributes where ship_set_id = ${order('SO-1001')} limit 1)`,
		shows: (a) => expect(a.ship_set.custom_attributes.map((c) => c.value)).toContain('Kept value'),
	},
	{
		table: 'custom_attribute_types',
		write: () =>
			sql`update custom_attribute_types set name = 'Renamed detail' where id = (select custom_attribute_type_id from custom_attributes where ship_set_id = ${order('SO-1001')} limit 1)`,
		shows: (a) =>
			expect(a.ship_set.custom_attributes.map((c) => c.name)).toContain('Renamed detail'),
	},
	{
		table: 'documents',
		write: () =>
			sql`insert into documents (organization_id, ship_set_id, file_file_name, file_content_type, storage_key) values (${acme}, ${order('SO-1001')}, 'late.pdf', 'application/pdf', 'kept/late.pdf')`,
		shows: (a) => {
			expect(a.ship_set.documents.total_count).toBe(3)
			expect(a.ship_set.documents.files[0]!.file_file_name).toBe('late.pdf')
		},
	},
	{
		table: 'document_types',
		write: () =>
			sql`update document_types set name = 'Invoice (commercial)' where name = 'Commercial Invoice'`,
		shows: (a) =>
			expect(a.ship_set.documents.files.map((d) => d.document_type?.name)).toContain(
				'Invoice (commercial)',
			),
	},
	{
		table: 'photos',
		write: () =>
			sql`update photos set notes = 'Seal intact' where id = (select id from photos where ship_set_id = ${order('SO-1001')} order by created_at desc, id limit 1)`,
		shows: (a) => expect(a.ship_set.photos.files.map((p) => p.notes)).toContain('Seal intact'),
	},
	{
		table: 'comments',
		// Mentioning Victor in its text; the mention's own row comes in the comment_mentions case.
		write: () =>
			sql`insert into comments (organization_id, ship_set_id, user_id, body)
				select ${acme}, ${order('SO-1001')}, ${oliviaId}, 'Written beside the API for <UserMention>' || id || '</UserMention>' from users where email = 'victor@acme.test'`,
		shows: (a) => {
			expect(a.comments!.comments[0]!.comment_body).toMatch(/^Written beside the API/)
			expect(a.ship_set.comments.total_count).toBe(a.comments!.total_count)
		},
	},
	{
		table: 'users',
		write: () => sql`update users set given_name = 'Olive' where id = ${oliviaId}`,
		shows: (a) =>
			expect(
				a.comments!.comments.find((c) => c.comment_body.startsWith('Written beside the API'))!
					.first_name,
			).toBe('Olive'),
	},
	{
		table: 'comment_mentions',
		write: () =>
			sql`insert into comment_mentions (organization_id, comment_id, user_id) select ${acme}, id, (select id from users where email = 'victor@acme.test') from comments where body like 'Written beside the API%'`,
		shows: (a) => expect(mentioned(a)).toContain('victor@acme.test'),
	},
	{
		table: 'memberships',
		write: () =>
			sql`delete from memberships where organization_id = ${acme} and user_id = (select id from users where email = 'victor@acme.test')`,
		shows: (a) => expect(mentioned(a)).not.toContain('victor@acme.test'),
	},
]

describe('the timeline after a write', () => {
	it.each(cases.map((c) => [c.table, c] as const))('a write to %s shows at once', async (_, c) => {
		const before = await read('SO-1001')
		await h.db.execute(c.write())
		const after = await read('SO-1001')
		expect(after).not.toEqual(before)
		c.shows(after)
	})
})
