import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { NUL_MESSAGE, UNPAIRED_MESSAGE } from '../../server/shared/text-rules'
import {
	carriers,
	documents,
	measurementTypes,
	nodes,
	organizations,
	photos,
	relatedShipSets,
	shareRecipients,
	shares,
	shipments,
	trackingGroupItems,
	trackingGroups,
} from '../../server/db/schema'
import { issueGuestToken } from '../../server/sharing/guest-tokens'
import {
	createHarness,
	GUEST_LINK_SECRET,
	WEB_API_KEY,
	type ApiOperation,
	type Harness,
} from './harness'

/**
 * Bad input is refused, never a 500. Every operation of the OpenAPI document is
 * called with a request that is right but for one part: a NUL byte in each string (PostgreSQL
 * cannot store one, so it used to reach the database and fail there, logging the SQL and its
 * parameters), then wrong types, huge strings, broken JSON and wrong content types. The
 * walk is deterministic and bounded (about a thousand requests in memory).
 */

let h: Harness
let ops: ApiOperation[]
/** A known-good value for each path parameter and each query parameter the operations take. */
let good: { path: Record<string, string>; query: Record<string, string>; trackingGroup: string }
/** A known-good JSON body per operation (`METHOD path`). */
let bodies: Record<string, unknown>
let guest: Record<string, string>
let olivia: string

beforeAll(async () => {
	h = await createHarness()
	ops = await h.operations()
	olivia = await h.tokenFor('olivia@acme.test')
	const so1001 = await h.orderId('acme', 'SO-1001')
	const [org] = await h.db
		.select({ id: organizations.id })
		.from(organizations)
		.where(eq(organizations.slug, 'acme'))
	const first = async (rows: Promise<{ id: string }[]>) => (await rows)[0]!.id
	const [item] = await h.db
		.select({ group: trackingGroups.id, measurable: trackingGroupItems.measurableId })
		.from(trackingGroupItems)
		.innerJoin(trackingGroups, eq(trackingGroups.id, trackingGroupItems.trackingGroupId))
		.where(eq(trackingGroups.organizationId, org!.id))
		.limit(1)
	const [type] = await h.db.select({ code: measurementTypes.code }).from(measurementTypes).limit(1)
	const { token, tokenHash, expiresAt } = issueGuestToken(GUEST_LINK_SECRET)
	const [share] = await h.db
		.insert(shares)
		.values({ organizationId: org!.id, shipSetId: so1001, viewType: 'customer' })
		.returning({ id: shares.id })
	const recipientId = await first(
		h.db
			.insert(shareRecipients)
			.values({
				organizationId: org!.id,
				shareId: share!.id,
				shipSetId: so1001,
				email: 'guest@example.com',
				viewType: 'customer',
				tokenHash,
				expiresAt,
			})
			.returning({ id: shareRecipients.id }),
	)
	guest = {
		Authorization: `Bearer ${token}`,
		'X-Email': 'guest@example.com',
		'X-Supply-Chain': 'acme',
		'X-Api-Key': WEB_API_KEY,
	}
	const carrier = await first(
		h.db.select({ id: carriers.id }).from(carriers).where(eq(carriers.organizationId, org!.id)),
	)
	good = {
		trackingGroup: item!.group,
		path: {
			id: so1001,
			ssid: so1001,
			shipmentId: await first(
				h.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.shipSetId, so1001)),
			),
			documentId: await first(
				h.db.select({ id: documents.id }).from(documents).where(eq(documents.shipSetId, so1001)),
			),
			photoId: await first(
				h.db.select({ id: photos.id }).from(photos).where(eq(photos.shipSetId, so1001)),
			),
			node: await first(
				h.db.select({ id: nodes.id }).from(nodes).where(eq(nodes.shipSetId, so1001)),
			),
			relatedShipSetId: await first(
				h.db
					.select({ id: relatedShipSets.id })
					.from(relatedShipSets)
					.where(and(eq(relatedShipSets.shipSetId, so1001))),
			),
			recipientId,
			action: 'close',
		},
		query: {
			names: 'web.ui.orderTracker',
			level: 'order',
			query_string: 'SO-1001',
			qs_query_string: 'SO-10',
			order_number: 'SO-10',
			ship_set_id: so1001,
			organization: 'acme',
			emails: 'victor@acme.test',
			measurable_id: item!.measurable,
			type: type!.code,
			last: '4',
			node_ids: '',
			filter: 'u',
			disposition: 'inline',
		},
	}
	bodies = {
		'POST /api/web/ship_sets/{id}/comments': { body: 'A comment' },
		'POST /api/comments/comment/post': {
			commentBody: 'A comment',
			hasMention: false,
			mentionedIds: [],
			shipSetId: so1001,
		},
		'POST /api/web/ship_sets/{id}/shipments': {
			shipment: {
				carrier_id: carrier,
				tracking_number: 'NUL-TEST-1',
				final_mile: false,
				references: [{ reference_type: 'DeliveryID', value: 'D-1' }],
			},
		},
		'POST /api/web/ship_sets/{id}/related_ship_sets': {
			related_ship_set: { ship_set_name: 'SO-1004' },
		},
		'PUT /api/web/ship_sets/{id}/photos/{photoId}': { notes: 'A note' },
		'POST /api/web/ship_sets/{id}/shares': {
			share: {
				auth_list: ['victor@acme.test'],
				not_auth_list: [],
				subscribed_list: [],
				view_type: 'customer',
				message: 'Look',
			},
		},
		'POST /api/web/ship_sets/{id}/notifications': {
			notification: {
				view_type: 'user',
				notif_type: 'all_status',
				nodes: [],
				comments: false,
				promise_date: false,
			},
		},
		'POST /api/web/guest/{id}/create_notification': { notification: { notif_type: 'delivered' } },
	}
})
afterAll(async () => {
	await h?.close()
})

let client = 0
/** The headers an operation's caller sends: Olivia's token, a guest link's, or the web tier's key for the anonymous tracker. */
function callerHeaders(op: ApiOperation): Record<string, string> {
	// A fresh client address per call, so the anonymous rate limits never answer instead.
	const anonymous = {
		'X-Supply-Chain': 'acme',
		'X-Api-Key': WEB_API_KEY,
		'X-Client-Address': `fuzz-${++client}`,
	}
	if (op.op.security?.some((s) => 'guestToken' in s))
		return { ...guest, 'X-Client-Address': `fuzz-${++client}` }
	if (op.op.security?.some((s) => 'bearer' in s))
		return { Authorization: `Bearer ${olivia}`, 'X-Supply-Chain': 'acme' }
	return anonymous
}

interface Variant {
	path?: Record<string, string>
	query?: Record<string, string>
	body?: { contentType?: string; raw: BodyInit }
}

async function send(op: ApiOperation, variant: Variant) {
	const pathValues: Record<string, string> = {
		...good.path,
		...(op.path.startsWith('/api/tracker/') ? { id: good.trackingGroup } : {}),
		...variant.path,
	}
	const url = op.path.replace(/\{(\w+)\}/g, (_, key: string) =>
		encodeURIComponent(pathValues[key] ?? 'x'),
	)
	const query = new URLSearchParams()
	for (const p of op.op.parameters ?? []) {
		if (p.in !== 'query') continue
		const value =
			variant.query && p.name in variant.query ? variant.query[p.name] : good.query[p.name]
		if (value !== undefined) query.set(p.name, value)
	}
	const headers = new Headers(callerHeaders(op))
	if (variant.body?.contentType) headers.set('Content-Type', variant.body.contentType)
	const res = await h.api.fetch(
		new Request(`http://scm.internal${url}${query.size ? `?${query}` : ''}`, {
			method: op.method,
			headers,
			body: variant.body?.raw,
		}),
	)
	const text = await res.text()
	let body: { error?: string; issues?: { path: string; message: string }[] } | null = null
	try {
		body = text ? JSON.parse(text) : null
	} catch {
		// a file or a CSV: not an error body
	}
	return { status: res.status, body }
}

const json = (value: unknown) => ({ contentType: 'application/json', raw: JSON.stringify(value) })
const takesJson = (op: ApiOperation) => 'application/json' in (op.op.requestBody?.content ?? {})
const takesMultipart = (op: ApiOperation) =>
	'multipart/form-data' in (op.op.requestBody?.content ?? {})
/** Ending the session would end the token every other call uses (tests/api/session.test.ts has it). */
const endsSession = (op: ApiOperation) => op.method === 'DELETE' && op.path === '/api/web/session'
const stringParams = (op: ApiOperation, where: 'query' | 'path') =>
	(op.op.parameters ?? [])
		.filter((p) => p.in === where && p.schema?.type !== 'integer' && p.schema?.type !== 'number')
		.map((p) => p.name)

/** Each string in `value` replaced, one at a time, by itself with `bad` inside (a NUL unless given), with the path to it. */
function withNul(
	value: unknown,
	path: string[] = [],
	bad = '\u0000x',
): { path: string; value: unknown }[] {
	if (typeof value === 'string') return [{ path: path.join('.'), value: `${value}${bad}` }]
	if (Array.isArray(value))
		return value.flatMap((item, i) =>
			withNul(item, [...path, String(i)], bad).map((v) => ({
				path: v.path,
				value: value.map((x, j) => (j === i ? v.value : x)),
			})),
		)
	if (value && typeof value === 'object') {
		return Object.entries(value).flatMap(([key, item]) =>
			withNul(item, [...path, key], bad).map((v) => ({
				path: v.path,
				value: { ...value, [key]: v.value },
			})),
		)
	}
	return []
}

describe('a NUL byte in any string', () => {
	it('is refused with 400 naming the field, in every query, path and body string of the OpenAPI document', async () => {
		let checked = 0
		let byNulRule = 0
		for (const op of ops.filter((o) => !endsSession(o))) {
			const what = `${op.method} ${op.path}`
			const base = bodies[what]
			const cases: (Variant & { field: string })[] = [
				...stringParams(op, 'query').map((name) => ({
					field: name,
					query: { [name]: `${good.query[name] ?? 'abc'}\u0000x` },
					...(base ? { body: json(base) } : {}),
				})),
				...stringParams(op, 'path').map((name) => ({
					field: name,
					path: { [name]: `${good.path[name] ?? 'abc'}\u0000x` },
					...(base ? { body: json(base) } : {}),
				})),
				...withNul(base).map((v) => ({ field: v.path, body: json(v.value) })),
			]
			if (takesMultipart(op)) {
				const fields = op.path.endsWith('/documents')
					? [
							'documents[1][file_name]',
							'documents[1][other_document_type]',
							'documents[1][document_type_id]',
						]
					: []
				for (const field of fields) {
					const form = new FormData()
					form.set(
						'documents[1][file]',
						new File(['%PDF-1.4\n%%EOF\n'], 'note.pdf', { type: 'application/pdf' }),
					)
					form.set(field, 'name\u0000x')
					cases.push({ field, body: { raw: form } })
				}
			}
			for (const variant of cases) {
				const res = await send(op, variant)
				const label = `${what} ${variant.field}`
				// A path parameter with a NUL is a malformed id (400) or no such row (404); a guest link
				// answers every refusal alike (401 'Token expired or invalid parameters.', 000 §8).
				expect(variant.path ? [400, 401, 404] : [400], label).toContain(res.status)
				if (res.body?.issues?.some((i) => i.message === NUL_MESSAGE)) {
					expect(res.body.error, label).toContain(NUL_MESSAGE)
					byNulRule++
				}
				checked++
			}
		}
		expect(checked).toBeGreaterThan(100)
		// Free text (comments, notes, messages, search terms) is refused by the NUL rule itself, not by a format.
		expect(byNulRule).toBeGreaterThan(30)
	})
})

describe('an unpaired surrogate in any JSON string', () => {
	// JSON may carry '\ud800' alone; it is no character, and no text column can store it. Issue 45, door 2.
	it('is refused with 400 naming the field, in every body string of the OpenAPI document', async () => {
		let checked = 0
		let byRule = 0
		for (const op of ops.filter((o) => !endsSession(o) && takesJson(o))) {
			const what = `${op.method} ${op.path}`
			for (const v of withNul(bodies[what], [], 'x\ud800')) {
				const res = await send(op, { body: json(v.value) })
				const label = `${what} ${v.path}`
				expect(res.status, label).toBe(400)
				// An id or a code fails its format first; free text fails the rule itself.
				const issue = res.body?.issues?.find((i) => i.path === v.path)
				expect(issue, label).toBeDefined()
				if (issue?.message === UNPAIRED_MESSAGE) byRule++
				checked++
			}
		}
		expect(checked).toBeGreaterThan(10)
		expect(byRule).toBeGreaterThan(5)
	})
})

describe('malformed requests', () => {
	const HUGE = 'x'.repeat(200_000)
	const wrongValues = [
		'a\u0000b',
		'-1',
		'1e309',
		'NaN',
		'[]',
		'{}',
		'%',
		'\uFFFF',
		HUGE,
		'0x10',
		'true',
	]

	it('never answer 500, whatever the operation and whatever is malformed', async () => {
		const failures: string[] = []
		let sent = 0
		const check = async (op: ApiOperation, variant: Variant, label: string) => {
			const res = await send(op, variant)
			sent++
			if (res.status >= 500)
				failures.push(
					`${op.method} ${op.path} ${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
				)
		}
		for (const op of ops.filter((o) => !endsSession(o))) {
			const base = bodies[`${op.method} ${op.path}`]
			const baseBody = base ? { body: json(base) } : {}
			for (const p of op.op.parameters ?? []) {
				if (p.in !== 'query' && p.in !== 'path') continue
				for (const value of wrongValues) {
					await check(
						op,
						{ [p.in]: { [p.name]: value }, ...baseBody },
						`${p.in} ${p.name}=${value.slice(0, 12)}`,
					)
				}
			}
			if (op.method === 'GET' || op.method === 'DELETE') continue
			const bodiesToTry: [string, Variant['body']][] = [
				[
					'broken JSON',
					{ contentType: 'application/json', raw: '{"shipment": {"tracking_number": ' },
				],
				['empty JSON body', { contentType: 'application/json', raw: '' }],
				['JSON null', json(null)],
				['JSON array', json([1, 2, 3])],
				['JSON string', json('hello')],
				[
					'every field a number',
					json(Object.fromEntries(Object.keys((base as object) ?? { a: 1 }).map((k) => [k, 42]))),
				],
				[
					'every field an object',
					json(
						Object.fromEntries(
							Object.keys((base as object) ?? { a: 1 }).map((k) => [k, { deep: { deeper: [] } }]),
						),
					),
				],
				[
					'huge strings',
					json(
						JSON.parse(
							JSON.stringify(base ?? {}).replace(/"[^"]*"(?=\s*[,}\]])/g, JSON.stringify(HUGE)),
						),
					),
				],
				['deep nesting', json(JSON.parse('['.repeat(2000) + ']'.repeat(2000)))],
				['text/plain', { contentType: 'text/plain', raw: 'hello' }],
				[
					'a form instead',
					{ contentType: 'application/x-www-form-urlencoded', raw: 'body=hello&notes=x' },
				],
				[
					'multipart without a boundary',
					{
						contentType: 'multipart/form-data',
						raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
					},
				],
				[
					'multipart with a broken body',
					{
						contentType: 'multipart/form-data; boundary=zzz',
						raw: '--zzz\r\nContent-Disposition: form-data; name="file[]"; filename="a.png"\r\n\r\n',
					},
				],
				[
					'bytes that are not UTF-8',
					{
						contentType: 'application/json',
						raw: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
					},
				],
			]
			if (takesJson(op) || takesMultipart(op)) {
				for (const [label, body] of bodiesToTry) await check(op, { body }, label)
			}
			if (takesMultipart(op)) {
				const form = new FormData()
				form.set('documents[1][file]', 'not a file')
				form.append('file[]', 'not a file either')
				form.set('documents[1][document_type_id]', HUGE)
				await check(op, { body: { raw: form } }, 'text where files belong')
				await check(op, { body: json({ documents: [{ file: 'x' }] }) }, 'JSON instead of multipart')
			}
		}
		expect(failures).toEqual([])
		expect(sent).toBeGreaterThan(500)
	})
})
