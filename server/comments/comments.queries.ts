import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
	commentMentions,
	comments,
	follows,
	memberships,
	nodes,
	shipSets,
	users,
} from '../db/schema'
import {
	COMMENT_MAX_LENGTH,
	COMMENT_REQUIRED,
	COMMENT_TOO_LONG,
	INVALID_USER,
	type CommentRecord,
	type CommentsPage,
	type TaggedCommentsResponse,
} from './comments.contract'
import { displayName, mentionIds, visibleText, type MentionPerson } from '../shared/mentions'
import { ORDER_NOT_FOUND } from '../shared/common'
import type { Caller } from '../api/context'
import { ApiError } from '../errors'
import { FOLLOW_LOG, startFollowing } from '../orders/follows'
import { recordHistoricalLog } from '../orders/history'
import { recordDomainEvents } from '../domain-events/record'
import { requireOrder } from '../orders/scope'

/**
 * Comments of an order, with mentions (002 §3 "Comment", §4 "Comment submission",
 * §5, §7) and the tagged comments of a user (001 §2 "Tagged Comments").
 * Every query is scoped by the caller's organization.
 */

type Reader = Pick<Database, 'select'>
type Person = MentionPerson

/** Members of the organization among `ids` (a mention of anybody else is an 'Invalid user'). */
export async function membersAmong(
	db: Reader,
	organizationId: string,
	ids: readonly string[],
): Promise<Person[]> {
	const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id))
	if (uuids.length === 0) return []
	return db
		.select({
			id: users.id,
			firstName: users.givenName,
			lastName: users.familyName,
			email: users.email,
		})
		.from(users)
		.innerJoin(
			memberships,
			and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)),
		)
		.where(inArray(users.id, uuids))
}

/**
 * Everybody who may be mentioned in the organization, "sorted by name" (002 §5), the name
 * being what the product shows (displayName); sorted here so the order does not depend on
 * the database's collation.
 */
export async function mentionableUsers(db: Reader, organizationId: string): Promise<Person[]> {
	const people = await db
		.select({
			id: users.id,
			firstName: users.givenName,
			lastName: users.familyName,
			email: users.email,
		})
		.from(users)
		.innerJoin(
			memberships,
			and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)),
		)
		.limit(5000)
	return people.sort(byName)
}

export const byName = (a: Person, b: Person) =>
	displayName(a).localeCompare(displayName(b), 'en', { sensitivity: 'base' }) ||
	a.id.localeCompare(b.id)

export const toWireUser = (p: Person) => ({
	id: p.id,
	first_name: p.firstName ?? null,
	last_name: p.lastName ?? null,
	email: p.email,
})

/** A mentioned member as `waymark_comments_page` (server/comments/comments.sql) writes one. */
interface WirePerson {
	id: string
	first_name: string | null
	last_name: string | null
	email: string
}

/** A comment row as the database function `waymark_comment_row` (server/comments/comments.sql) writes it. */
interface CommentRow {
	id: string
	ship_set_id: string
	body: string
	node_id: string | null
	created_at: string
	user_id: string | null
	author: { email: string; given_name: string | null; family_name: string | null } | null
	node: {
		icon_class: string | null
		building_type: string
		source: string
		tracking_number: string | null
		carrier_name: string | null
		location_name: string | null
	} | null
	ship_set_name: string
	ship_set_reference_number: string | null
	ship_set_status: string
	last_event_type: string | null
}

/**
 * Comments with their order, author and node, as `waymark_comment_row` (server/comments/comments.sql) writes
 * one: the one definition of a comment row, shared with the page function `waymark_comments_page`.
 * The caller adds where, order and paging.
 */
function selectComments(db: Reader, organizationId: string) {
	return db
		.select({ row: sql<CommentRow>`waymark_comment_row(${comments}, ${shipSets})` })
		.from(comments)
		.innerJoin(
			shipSets,
			and(eq(shipSets.id, comments.shipSetId), eq(shipSets.organizationId, organizationId)),
		)
		.$dynamic()
}

async function toRecords(
	db: Reader,
	organizationId: string,
	rows: CommentRow[],
): Promise<(CommentRecord & { row: CommentRow })[]> {
	return asRecords(
		rows,
		await membersAmong(db, organizationId, [...new Set(rows.flatMap((r) => mentionIds(r.body)))]),
	)
}

/** Comment rows on the wire, their mentions named from `people` (members of the supply chain; anybody else is unknown). */
function asRecords(
	rows: CommentRow[],
	people: readonly Person[],
): (CommentRecord & { row: CommentRow })[] {
	const byId = new Map(people.map((p) => [p.id, p]))
	return rows.map((r) => {
		const ids = mentionIds(r.body)
		return {
			row: r,
			comment_id: r.id,
			ship_set_id: r.ship_set_id,
			comment_body: r.body,
			mentioned_ids: ids,
			mentioned_users: ids.flatMap((id) => (byId.has(id) ? [toWireUser(byId.get(id)!)] : [])),
			node_id: r.node_id,
			created_at: r.created_at,
			user_id: r.user_id,
			email: r.author?.email ?? null,
			first_name: r.author?.given_name ?? null,
			last_name: r.author?.family_name ?? null,
			node_icon_class: r.node?.icon_class ?? null,
			building_type: r.node?.building_type ?? null,
			tracking_number: r.node?.tracking_number ?? null,
			carrier_name: r.node?.carrier_name ?? null,
			name_on_signature: null,
			location_name: r.node?.location_name ?? null,
			source: r.node?.source ?? null,
		}
	})
}

const strip = <T extends { row: unknown }>({ row: _row, ...record }: T) => record

/**
 * One page of an order's comments, newest first (002 §9 "page size 20"), with their total and the
 * members they mention, in one call of the database function `waymark_comments_page` (migrations
 * 0025 and 0027: its plan is kept for the session, docs/decisions/0029 §7). Another tenant's or an
 * unknown order is a 404.
 */
export async function listComments(
	db: Pick<Database, 'execute'>,
	organizationId: string,
	shipSetId: string,
	offset: number,
	limit: number,
) {
	const { rows } = await db.execute<{ page: CommentsPageRow | null }>(
		sql`select waymark_comments_page(${organizationId}, ${shipSetId}, ${offset}, ${limit}) as page`,
	)
	const page = rows[0]?.page
	if (!page) throw new ApiError(404, ORDER_NOT_FOUND)
	return commentsPage(page, offset, limit)
}

/** What `waymark_comments_page` (server/comments/comments.sql) answers: a page of comment rows, their total and the members they mention. */
export interface CommentsPageRow {
	total_count: number
	rows: CommentRow[]
	people: WirePerson[]
}

/** A page of `waymark_comments_page` as the API answers it (GET …/comments, and the timeline's newest comments). */
export function commentsPage(page: CommentsPageRow, offset: number, limit: number): CommentsPage {
	// The page brings the members its comments mention, read with the rows.
	const people = page.people.map((p) => ({
		id: p.id,
		firstName: p.first_name,
		lastName: p.last_name,
		email: p.email,
	}))
	return {
		comments: asRecords(page.rows, people).map(strip),
		total_count: page.total_count,
		offset,
		limit,
	}
}

async function commentById(db: Reader, organizationId: string, id: string): Promise<CommentRecord> {
	const rows = await selectComments(db, organizationId).where(
		and(eq(comments.id, id), eq(comments.organizationId, organizationId)),
	)
	return strip(
		(
			await toRecords(
				db,
				organizationId,
				rows.map((r) => r.row),
			)
		)[0]!,
	)
}

export interface NewComment {
	shipSetId: string
	nodeId: string | null | undefined
	body: string
	/** The ids the client says it mentioned; when sent they must be the ones in the body. */
	mentionedIds?: string[]
	/** The request's names of its fields, used in the 400 messages. */
	fields: CommentFields
}

/** How a request names the text, the mentions and the node: the web API's or the comments API's words. */
export interface CommentFields {
	body: string
	mentionedIds: string
	nodeId: string
}

/**
 * Adds a comment (002 §4 "Comment submission", §5): required, at most 500 characters as
 * shown, mentions only of members of the supply chain. In one transaction: the comment,
 * its comment_mentions rows, the historical log line and, when `autoFollow` ("On a
 * successful comment the user starts following the order when the auto-follow toggle
 * is on", §4 Follow), the follow with its own log line, and the comment.added domain event
 * (webhooks, followers' e-mails, and an e-mail to each mentioned member).
 */
export async function createComment(
	db: Database,
	caller: Caller,
	input: NewComment,
	autoFollow: boolean,
) {
	const order = await requireOrder(db, caller.organizationId, input.shipSetId)
	const bad = (field: string, message: string) => new ApiError(400, `${field}: ${message}`)
	const body = input.body.trim()
	if (!body) throw bad(input.fields.body, COMMENT_REQUIRED)
	if (input.nodeId) {
		const [node] = await db
			.select({ id: nodes.id })
			.from(nodes)
			.where(
				and(
					eq(nodes.id, input.nodeId),
					eq(nodes.shipSetId, order.id),
					eq(nodes.organizationId, caller.organizationId),
				),
			)
		if (!node) throw bad(input.fields.nodeId, 'Node not found on this order')
	}
	const ids = mentionIds(body)
	if (input.mentionedIds && !sameSet(input.mentionedIds, ids)) {
		throw bad(input.fields.mentionedIds, `must be the users mentioned in ${input.fields.body}`)
	}
	const people = await membersAmong(db, caller.organizationId, ids)
	if (people.length !== ids.length) throw bad(input.fields.mentionedIds, INVALID_USER)
	const shown = visibleText(body, people)
	if (!shown.trim()) throw bad(input.fields.body, COMMENT_REQUIRED)
	if (shown.length > COMMENT_MAX_LENGTH) throw bad(input.fields.body, COMMENT_TOO_LONG)

	const { id, following } = await db.transaction(async (tx) => {
		const [row] = await tx
			.insert(comments)
			.values({
				organizationId: caller.organizationId,
				shipSetId: order.id,
				nodeId: input.nodeId ?? null,
				userId: caller.userId,
				body,
				hasMention: ids.length > 0,
			})
			.returning({ id: comments.id })
		if (ids.length > 0) {
			await tx.insert(commentMentions).values(
				ids.map((userId) => ({
					organizationId: caller.organizationId,
					commentId: row!.id,
					userId,
				})),
			)
		}
		const log = (message: string) =>
			recordHistoricalLog(tx, {
				organizationId: caller.organizationId,
				shipSetId: order.id,
				userId: caller.userId,
				message,
			})
		await log(commentLogMessage(shown, people))
		const [author] = await tx
			.select({ firstName: users.givenName, lastName: users.familyName, email: users.email })
			.from(users)
			.where(eq(users.id, caller.userId))
		const now = new Date()
		await recordDomainEvents(tx, [
			{
				organizationId: caller.organizationId,
				kind: 'comment.added',
				shipSetId: order.id,
				occurredAt: now,
				payload: {
					comment_id: row!.id,
					order_number: order.name,
					node_id: input.nodeId ?? null,
					author_user_id: caller.userId,
					author_name: author ? displayName(author) : caller.email,
					excerpt: shown.length > 200 ? `${shown.slice(0, 200)}…` : shown,
					mentioned_user_ids: people.map((p) => p.id),
					created_at: now.toISOString(),
				},
			},
		])
		let followingNow = false
		if (autoFollow) {
			const started = await startFollowing(tx, caller, order.id)
			followingNow = true
			if (started) await log(FOLLOW_LOG)
		}
		return { id: row!.id, following: followingNow }
	})
	const data = await commentById(db, caller.organizationId, id)
	if (autoFollow) return { data, following }
	const [f] = await db
		.select({ id: follows.id })
		.from(follows)
		.where(and(eq(follows.userId, caller.userId), eq(follows.shipSetId, order.id)))
	return { data, following: f !== undefined }
}

/** The log line quotes the comment's first 60 characters as shown and names who it mentions. */
export function commentLogMessage(shown: string, mentioned: readonly Person[]): string {
	const text = shown.replace(/\s+/g, ' ').trim()
	const quote = text.length > 60 ? `${text.slice(0, 60)}…` : text
	const names = mentioned.map(displayName).join(', ')
	return `Comment added: “${quote}”${names ? `, mentioning ${names}` : ''}`
}

function sameSet(a: readonly string[], b: readonly string[]) {
	const x = new Set(a.map((s) => s.toLowerCase()))
	const y = new Set(b.map((s) => s.toLowerCase()))
	return x.size === y.size && [...x].every((v) => y.has(v))
}

/** The comments the caller was mentioned in, newest first (001 §2 "Tagged Comments", 3 per page). */
export async function taggedComments(
	db: Reader,
	caller: Caller,
	offset: number,
	limit: number,
): Promise<TaggedCommentsResponse> {
	const scope: SQL = and(
		eq(commentMentions.userId, caller.userId),
		eq(commentMentions.organizationId, caller.organizationId),
	)!
	const [rows, [total]] = await Promise.all([
		selectComments(db, caller.organizationId)
			.innerJoin(commentMentions, eq(commentMentions.commentId, comments.id))
			.where(scope)
			.orderBy(desc(comments.createdAt), desc(comments.id))
			.limit(limit)
			.offset(offset),
		db.select({ n: count() }).from(commentMentions).where(scope),
	])
	const records = await toRecords(
		db,
		caller.organizationId,
		rows.map((r) => r.row),
	)
	return {
		comments: records.map(({ row, ...r }) => ({
			...r,
			ship_set_name: row.ship_set_name,
			ship_set_reference_number: row.ship_set_reference_number,
			ship_set_status: row.ship_set_status,
			last_event_type: row.last_event_type,
		})),
		total: total?.n ?? 0,
		offset,
	}
}
