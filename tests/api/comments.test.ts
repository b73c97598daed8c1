import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import {
	CommentCreated,
	CommentsPage,
	MentionUsersResponse,
	TaggedCommentsResponse,
} from '../../server/comments/comments.contract'
import { FollowResponse } from '../../server/orders/follows.contract'
import { HistoricalLogsResponse } from '../../server/orders/logs.contract'
import { displayName, mentionMarkup } from '../../server/shared/mentions'
import {
	commentMentions,
	comments,
	follows,
	historicalLogs,
	memberships,
	nodes,
	organizations,
	users as usersTable,
} from '../../server/db/schema'
import { setToggle } from '../../server/toggles/store'
import { createHarness, type Harness } from './harness'

/** Comments, mentions, follows and historical logs (002 §4 Follow, Comment submission, Historical logs; §5; §7). */

let h: Harness
let olivia: string
let victor: string
let gary: string
let so1001: string
let so1002: string
let so1004: string
beforeAll(async () => {
	h = await createHarness()
	;[olivia, victor, gary] = await Promise.all([
		h.tokenFor('olivia@acme.test'),
		h.tokenFor('victor@acme.test'),
		h.tokenFor('gary@globex.test'),
	])
	;[so1001, so1002, so1004] = await Promise.all([
		h.orderId('acme', 'SO-1001'),
		h.orderId('acme', 'SO-1002'),
		h.orderId('acme', 'SO-1004'),
	])
})
afterAll(async () => {
	await h?.close()
})

const acme = (token: string) => ({ token, supplyChain: 'acme' })
const post = (id: string, body: unknown, token = olivia, supplyChain = 'acme') =>
	h.call(`/api/web/ship_sets/${id}/comments`, { method: 'POST', token, supplyChain, body })
const postWithMentions = (body: unknown, token = olivia, supplyChain = 'acme') =>
	h.call('/api/comments/comment/post', { method: 'POST', token, supplyChain, body })

/** Rows that a refused request must not leave behind. */
async function written(shipSetId: string) {
	const [[c], [m], [l], [f]] = await Promise.all([
		h.db.select({ n: count() }).from(comments).where(eq(comments.shipSetId, shipSetId)),
		h.db
			.select({ n: count() })
			.from(commentMentions)
			.innerJoin(comments, eq(comments.id, commentMentions.commentId))
			.where(eq(comments.shipSetId, shipSetId)),
		h.db.select({ n: count() }).from(historicalLogs).where(eq(historicalLogs.shipSetId, shipSetId)),
		h.db.select({ n: count() }).from(follows).where(eq(follows.shipSetId, shipSetId)),
	])
	return { comments: c!.n, mentions: m!.n, logs: l!.n, follows: f!.n }
}

async function logMessages(shipSetId: string, token = olivia) {
	const res = await h.call(`/api/web/ship_sets/${shipSetId}/logs`, acme(token))
	expect(res.status).toBe(200)
	return HistoricalLogsResponse.parse(res.body).logs
}

describe('GET comments', () => {
	it("lists SO-1001's comments newest first, resolving the mention of Olivia to her name", async () => {
		const res = await h.call(`/api/web/ship_sets/${so1001}/comments`, acme(victor))
		expect(res.status).toBe(200)
		const page = CommentsPage.parse(res.body)
		expect(page.limit).toBe(20)
		expect(page.total_count).toBeGreaterThanOrEqual(3)
		const times = page.comments.map((c) => c.created_at)
		expect(times).toEqual([...times].sort().reverse())
		const mentioning = page.comments.find((c) => c.mentioned_ids.length > 0)!
		const oliviaId = await h.userId('olivia@acme.test')
		expect(mentioning.comment_body).toContain(mentionMarkup(oliviaId))
		expect(mentioning.mentioned_users).toEqual([
			expect.objectContaining({ id: oliviaId, first_name: 'Olivia' }),
		])
		expect(mentioning.building_type).toBe('Transit')
		expect(mentioning.tracking_number).toBeTruthy()
	})

	it('pages by offset and limit (at most 20)', async () => {
		const one = CommentsPage.parse(
			(await h.call(`/api/web/ship_sets/${so1001}/comments?offset=1&limit=1`, acme(olivia))).body,
		)
		expect(one.comments).toHaveLength(1)
		expect(one.offset).toBe(1)
		expect(
			(await h.call(`/api/web/ship_sets/${so1001}/comments?limit=21`, acme(olivia))).status,
		).toBe(400)
	})

	it('answers the same list from the comments API, and refuses another supply chain named in the query', async () => {
		const res = await h.call(
			`/api/comments/comment/get?ship_set_id=${so1001}&supply_chain=acme`,
			acme(olivia),
		)
		expect(res.status).toBe(200)
		expect(CommentsPage.parse(res.body).total_count).toBeGreaterThanOrEqual(3)
		expect(
			(
				await h.call(
					`/api/comments/comment/get?ship_set_id=${so1001}&supply_chain=globex`,
					acme(olivia),
				)
			).status,
		).toBe(403)
	})

	it("shows an unknown mentioned id as unresolved (rendered 'Invalid user')", async () => {
		const [org] = await h.db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, 'acme'))
		const ghost = randomUUID()
		await h.db.insert(comments).values({
			organizationId: org!.id,
			shipSetId: so1002,
			body: `${mentionMarkup(ghost)} are you there?`,
			hasMention: true,
		})
		const page = CommentsPage.parse(
			(await h.call(`/api/web/ship_sets/${so1002}/comments`, acme(olivia))).body,
		)
		const c = page.comments.find((x) => x.mentioned_ids.includes(ghost))!
		expect(c.mentioned_users).toEqual([])
	})

	it('names a mentioned member while they belong to the supply chain, and no longer once they have left it', async () => {
		const [org] = await h.db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, 'acme'))
		const [leaver] = await h.db
			.insert(usersTable)
			.values({ email: `leaver-${randomUUID()}@acme.test`, givenName: 'Lea', familyName: 'Ver' })
			.returning({ id: usersTable.id })
		await h.db
			.insert(memberships)
			.values({ organizationId: org!.id, userId: leaver!.id, permissions: ['CORE.DEFAULT'] })
		const body = `${mentionMarkup(leaver!.id)} leaving soon?`
		expect(
			(
				await postWithMentions({
					commentBody: body,
					hasMention: true,
					mentionedIds: [leaver!.id],
					shipSetId: so1004,
				})
			).status,
		).toBe(201)
		const mentioned = async () => {
			const page = CommentsPage.parse(
				(await h.call(`/api/web/ship_sets/${so1004}/comments`, acme(olivia))).body,
			)
			return page.comments
				.find((x) => x.comment_body === body)!
				.mentioned_users.map((u) => u.first_name)
		}
		expect(await mentioned()).toEqual(['Lea'])
		await h.db
			.delete(memberships)
			.where(and(eq(memberships.userId, leaver!.id), eq(memberships.organizationId, org!.id)))
		expect(await mentioned()).toEqual([])
	})

	it("builds a page's rows as waymark_comment_row builds one comment (migration 0032 joins what that function reads)", async () => {
		// Every demo order with comments, and a page past the first: the page's rows, as the database
		// writes them, equal the one-comment function's rows for the same comments, key for key.
		const { rows } = await h.db.execute<{
			org: string
			id: string
			page: string
			single: string
		}>(sql`
			select x.org, x.id, x.page::text, (
				select coalesce(json_agg(waymark_comment_row(c, s) order by c.created_at desc, c.id desc), '[]'::json)::text
				from comments c join ship_sets s on s.id = c.ship_set_id
				where c.id in (select (r->>'id')::uuid from json_array_elements(x.page->'rows') r)
			) as single
			from (
				select s.organization_id as org, s.id, waymark_comments_page(s.organization_id, s.id, o.off, 20) as page
				from ship_sets s, (values (0), (1)) o(off)
				where exists (select 1 from comments c where c.ship_set_id = s.id)
			) x`)
		expect(rows.length).toBeGreaterThan(10)
		for (const row of rows) expect(JSON.parse(row.single)).toStrictEqual(JSON.parse(row.page).rows)
	})

	it("answers another tenant's order like an unknown one, and refuses a guest token", async () => {
		expect(
			(
				await h.call(`/api/web/ship_sets/${so1001}/comments`, {
					token: gary,
					supplyChain: 'globex',
				})
			).status,
		).toBe(404)
		expect((await h.call(`/api/web/ship_sets/${randomUUID()}/comments`, acme(olivia))).status).toBe(
			404,
		)
		expect(
			(await h.call(`/api/web/ship_sets/${so1001}/comments`, { token: gary, supplyChain: 'acme' }))
				.status,
		).toBe(403)
		const guest = await h.tokenFor('olivia@acme.test', { claims: { typ: 'guest' } })
		expect((await h.call(`/api/web/ship_sets/${so1001}/comments`, acme(guest))).status).toBe(401)
	})
})

describe('POST comments', () => {
	it('adds a comment with its log line and, with the auto-follow toggle on, follows the order', async () => {
		const victorId = await h.userId('victor@acme.test')
		const before = await written(so1004)
		const res = await post(so1004, { body: '  Dock closed until Monday.  ' }, victor)
		expect(res.status).toBe(201)
		const created = CommentCreated.parse(res.body)
		expect(created.data).toMatchObject({
			comment_body: 'Dock closed until Monday.',
			user_id: victorId,
			email: 'victor@acme.test',
			mentioned_ids: [],
		})
		expect(created.following).toBe(true)
		expect(await written(so1004)).toEqual({
			...before,
			comments: before.comments + 1,
			logs: before.logs + 2,
			follows: before.follows + 1,
		})
		const logs = await logMessages(so1004)
		expect(
			logs
				.slice(0, 2)
				.map((l) => l.message)
				.sort(),
		).toEqual(['Comment added: “Dock closed until Monday.”', 'Followed this order'])
		expect(logs[0]!.updated_by).toBe('victor@acme.test')
		const list = CommentsPage.parse(
			(await h.call(`/api/web/ship_sets/${so1004}/comments`, acme(olivia))).body,
		)
		expect(list.comments[0]!.comment_id).toBe(created.data.comment_id)
	})

	it('does not follow when the auto-follow toggle is off for the supply chain', async () => {
		await setToggle(h.db, 'web.ui.timeline.autoFollowOnComment', false, 'acme')
		try {
			await h.call(`/api/web/ship_sets/${so1004}/follows`, { ...acme(olivia), method: 'DELETE' })
			const res = await post(so1004, { body: 'No follow please.' })
			expect(res.status).toBe(201)
			expect(CommentCreated.parse(res.body).following).toBe(false)
			const state = FollowResponse.parse(
				(await h.call(`/api/web/ship_sets/${so1004}/follows`, acme(olivia))).body,
			)
			expect(state.follow).toBeNull()
		} finally {
			await setToggle(h.db, 'web.ui.timeline.autoFollowOnComment', true, 'acme')
		}
	})

	it('comment/post takes the names 002 §7 gives its body (commentBody, hasMention, mentionedIds, shipSetId, nodeId), and only those', async () => {
		const victorId = await h.userId('victor@acme.test')
		const body = `${mentionMarkup(victorId)} the spec's names.`
		const res = await postWithMentions({
			commentBody: body,
			hasMention: true,
			mentionedIds: [victorId],
			shipSetId: so1002,
			nodeId: null,
		})
		expect(res.status).toBe(201)
		const { data } = CommentCreated.parse(res.body)
		expect(data.comment_body).toBe(body)
		expect(data.mentioned_ids).toEqual([victorId])
		// The web API's snake_case is not a second spelling of this body: the missing fields are named.
		const before = await written(so1002)
		const snake = await postWithMentions({ comment_body: 'snake', ship_set_id: so1002 })
		expect(snake.status).toBe(400)
		expect((snake.body?.issues as { path: string }[]).map((i) => i.path).sort()).toEqual([
			'commentBody',
			'shipSetId',
		])
		expect(await written(so1002)).toEqual(before)
	})

	it('stores mentions as UserMention markup with comment_mentions rows; the mentioned user finds it in tagged comments', async () => {
		const victorId = await h.userId('victor@acme.test')
		const body = `${mentionMarkup(victorId)} please call the carrier.`
		const res = await postWithMentions({
			commentBody: body,
			hasMention: true,
			mentionedIds: [victorId],
			shipSetId: so1002,
		})
		expect(res.status).toBe(201)
		const { data } = CommentCreated.parse(res.body)
		expect(data.comment_body).toBe(body)
		expect(data.mentioned_users.map((u) => u.email)).toEqual(['victor@acme.test'])
		// Lines of one transaction share their time (the auto-follow's may come first).
		expect((await logMessages(so1002)).slice(0, 2).map((l) => l.message)).toContain(
			'Comment added: “@victor@acme.test please call the carrier.”, mentioning victor@acme.test',
		)
		const rows = await h.db
			.select()
			.from(commentMentions)
			.where(eq(commentMentions.commentId, data.comment_id))
		expect(rows.map((r) => r.userId)).toEqual([victorId])

		const tagged = TaggedCommentsResponse.parse(
			(await h.call('/api/comments/comment/get-tagged', acme(victor))).body,
		)
		expect(tagged.offset).toBe(0)
		expect(tagged.comments.length).toBeLessThanOrEqual(3)
		expect(tagged.comments[0]).toMatchObject({
			comment_id: data.comment_id,
			ship_set_name: 'SO-1002',
			first_name: 'Olivia',
		})
		// Olivia was not mentioned in it.
		const hers = TaggedCommentsResponse.parse(
			(await h.call('/api/comments/comment/get-tagged?limit=20', acme(olivia))).body,
		)
		expect(hers.comments.map((c) => c.comment_id)).not.toContain(data.comment_id)
		expect(hers.comments.some((c) => c.ship_set_name === 'SO-1001')).toBe(true)
	})

	it('refuses empty, blank and 501-character comments with the field’s message, and writes nothing', async () => {
		const before = await written(so1001)
		for (const body of [{}, { body: '' }, { body: '   \n ' }]) {
			const res = await post(so1001, body)
			expect(res.status).toBe(400)
			expect(res.body?.error).toMatch(/^body: Comment field is required$/)
		}
		const long = await post(so1001, { body: 'x'.repeat(501) })
		expect(long.status).toBe(400)
		expect(long.body?.error).toBe('body: Comment can be at most 500 characters')
		const empty = await postWithMentions({ commentBody: '', shipSetId: so1001 })
		expect(empty.body?.error).toBe('commentBody: Comment field is required')
		expect(await written(so1001)).toEqual(before)
		expect((await post(so1001, { body: 'y'.repeat(500) })).status).toBe(201)
	})

	it('counts a mention as @Name towards the 500 characters', async () => {
		const oliviaId = await h.userId('olivia@acme.test')
		const [me] = await h.db.select().from(usersTable).where(eq(usersTable.id, oliviaId))
		const name = `@${[me!.givenName, me!.familyName].filter(Boolean).join(' ')}`
		const fill = (n: number) => `${mentionMarkup(oliviaId)}${'z'.repeat(n)}`
		expect(
			(await postWithMentions({ commentBody: fill(500 - name.length + 1), shipSetId: so1002 }))
				.status,
		).toBe(400)
		expect(
			(await postWithMentions({ commentBody: fill(500 - name.length), shipSetId: so1002 })).status,
		).toBe(201)
	})

	it("refuses a mention of an unknown user or of another tenant's user with 'Invalid user', and writes nothing", async () => {
		const garyId = await h.userId('gary@globex.test')
		const before = await written(so1002)
		for (const id of [randomUUID(), garyId]) {
			const res = await postWithMentions({
				commentBody: `${mentionMarkup(id)} hello`,
				mentionedIds: [id],
				hasMention: true,
				shipSetId: so1002,
			})
			expect(res.status).toBe(400)
			expect(res.body?.error).toBe('mentionedIds: Invalid user')
		}
		const victorId = await h.userId('victor@acme.test')
		const mismatch = await postWithMentions({
			commentBody: 'no markup',
			mentionedIds: [victorId],
			shipSetId: so1002,
		})
		expect(mismatch.status).toBe(400)
		expect(await written(so1002)).toEqual(before)
	})

	it("refuses another tenant's order, a node of another order, and a guest token, writing nothing", async () => {
		const before = await written(so1001)
		expect((await post(so1001, { body: 'hi' }, gary, 'globex')).status).toBe(404)
		expect(
			(await postWithMentions({ commentBody: 'hi', shipSetId: so1001 }, gary, 'globex')).status,
		).toBe(404)
		expect((await post(so1001, { body: 'hi' }, gary, 'acme')).status).toBe(403)
		const guest = await h.tokenFor('olivia@acme.test', { claims: { typ: 'guest' } })
		expect((await post(so1001, { body: 'hi' }, guest)).status).toBe(401)
		const [otherNode] = await h.db
			.select({ id: nodes.id })
			.from(nodes)
			.where(eq(nodes.shipSetId, so1002))
			.limit(1)
		const res = await post(so1001, { body: 'hi', node_id: otherNode!.id })
		expect(res.status).toBe(400)
		expect(res.body?.error).toBe('node_id: Node not found on this order')
		expect(await written(so1001)).toEqual(before)
	})
})

describe('follows', () => {
	const follows_ = (id: string, method = 'GET', token = olivia, supplyChain = 'acme') =>
		h.call(`/api/web/ship_sets/${id}/follows`, { method, token, supplyChain })

	it('follows and unfollows with one log line per change, none for a repeat', async () => {
		const start = FollowResponse.parse((await follows_(so1001)).body)
		expect(start.follow).not.toBeNull()
		const logs0 = (await written(so1001)).logs

		expect((await follows_(so1001, 'DELETE')).body).toEqual({ success: true })
		expect(FollowResponse.parse((await follows_(so1001)).body).follow).toBeNull()
		expect((await follows_(so1001, 'DELETE')).status).toBe(200)
		expect((await written(so1001)).logs).toBe(logs0 + 1)
		expect((await logMessages(so1001))[0]).toMatchObject({
			message: 'Unfollowed this order',
			updated_by: expect.stringMatching(/^Olivia/),
		})

		const followed = FollowResponse.parse((await follows_(so1001, 'POST')).body)
		expect(followed.follow).toMatchObject({
			ship_set_id: so1001,
			user_id: await h.userId('olivia@acme.test'),
		})
		expect((await follows_(so1001, 'POST')).status).toBe(200)
		expect((await written(so1001)).logs).toBe(logs0 + 2)
		expect((await logMessages(so1001))[0]!.message).toBe('Followed this order')
	})

	it("answers another tenant's order like an unknown one and refuses a guest token, changing nothing", async () => {
		const before = await written(so1001)
		for (const method of ['GET', 'POST', 'DELETE']) {
			expect((await follows_(so1001, method, gary, 'globex')).status).toBe(404)
			expect((await follows_(randomUUID(), method)).status).toBe(404)
		}
		const guest = await h.tokenFor('olivia@acme.test', { claims: { typ: 'guest' } })
		expect((await follows_(so1001, 'DELETE', guest)).status).toBe(401)
		expect(await written(so1001)).toEqual(before)
		const mine = await h.db
			.select()
			.from(follows)
			.where(
				and(eq(follows.shipSetId, so1001), eq(follows.userId, await h.userId('olivia@acme.test'))),
			)
		expect(mine).toHaveLength(1)
	})
})

describe('historical logs and mentionable users', () => {
	it("lists SO-1001's logs newest first with who, when and the document", async () => {
		const logs = await logMessages(so1001)
		const times = logs.map((l) => l.created_at)
		expect(times).toEqual([...times].sort().reverse())
		const doc = logs.find((l) => l.document)!
		expect(doc.document!.file_url).toMatch(new RegExp(`^/api/web/ship_sets/${so1001}/documents/`))
		expect(logs.some((l) => l.updated_by === null)).toBe(true)
		expect(
			(await h.call(`/api/web/ship_sets/${so1001}/logs`, { token: gary, supplyChain: 'globex' }))
				.status,
		).toBe(404)
	})

	it('lists the supply chain’s members sorted by name, and only for the caller’s own supply chain', async () => {
		const res = await h.call('/api/comments/users/list?organization=acme', acme(victor))
		const { users } = MentionUsersResponse.parse(res.body)
		const emails = users.map((u) => u.email)
		expect(emails).toEqual(
			expect.arrayContaining(['olivia@acme.test', 'victor@acme.test', 'nadia@acme.test']),
		)
		expect(emails).not.toContain('gary@globex.test')
		const names = users.map((u) =>
			displayName({ firstName: u.first_name, lastName: u.last_name, email: u.email }),
		)
		expect(names).toEqual(
			[...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
		)
		expect(
			(await h.call('/api/comments/users/list?organization=globex', acme(victor))).status,
		).toBe(403)
	})
})
