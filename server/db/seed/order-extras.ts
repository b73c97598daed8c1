import { SEED_DOCUMENTS } from './files'
import { sealNumber } from './identifiers'
import type { BuiltOrder } from './order-builder'
import { chance, DAY, HOUR, int, minutes, pick, type Rng } from './random'
import { addSensorTracking } from './sensor-extras'
import { globalIds } from './reference'
import { COSTLY_CARRIER_CODE, COSTLY_CARRIER_MARKUP, DEARER_LANE } from './reference-data'
import type { SeedRows } from './rows'

/**
 * What makes generated orders look lived-in: tags, custom attributes, freight
 * costs, comments (some mentioning a colleague), documents, logs and sensor
 * tracking with breaches (sensor-extras.ts).
 */

const COMMENT_TEXTS = [
	'Customer asked for an updated delivery window.',
	'Carrier confirmed the pickup for tomorrow morning.',
	'Paperwork checked, all good for customs.',
	'Please double-check the consignee address before the final mile.',
	'Dock appointment moved to the afternoon.',
	'Invoice sent to the customer.',
	'Two cartons were re-taped at the DC, contents fine.',
	'Temperature logger attached to the pallet.',
]

const MENTION_TEXTS = [
	'can you chase the carrier for a new ETA?',
	'please confirm the delivery appointment with the customer.',
	'this one needs a look, the last scan is old.',
	'FYI the customer escalated this order.',
]

export const mention = (userId: string) => `<UserMention>${userId}</UserMention>`

export function addOrderExtras(rows: SeedRows, order: BuiltOrder, rng: Rng, now: Date): void {
	const { draft } = order
	const { ctx } = draft
	const organizationId = ctx.id
	const shipSetId = draft.id
	const at = order.createdAt

	if (chance(rng, 0.4)) {
		const first = pick(rng, ctx.tagIds)
		const second = pick(rng, ctx.tagIds)
		for (const tagId of new Set([first, chance(rng, 0.4) ? second : first])) {
			rows.shipSetTags.push({ organizationId, shipSetId, tagId, createdAt: at })
		}
	}
	if (chance(rng, 0.6)) {
		const attr = (
			key: Parameters<typeof ctx.customAttributeTypeId>[0],
			value: string,
			shipmentId?: string,
		) =>
			rows.customAttributes.push({
				id: draft.childId('custom_attribute', key),
				organizationId,
				customAttributeTypeId: ctx.customAttributeTypeId(key),
				shipSetId: shipmentId ? null : shipSetId,
				shipmentId: shipmentId ?? null,
				value,
				createdAt: at,
			})
		attr('incoterms', pick(rng, ['FOB', 'CIF', 'DAP', 'DDP', 'EXW']))
		attr('priority', String(int(rng, 1, 5)))
		attr('poLine', String(int(rng, 1, 40) * 10))
		attr('requestedShipDate', new Date(+at + int(rng, 1, 5) * DAY).toISOString())
		attr(
			'productLines',
			JSON.stringify([
				...new Set([pick(rng, ctx.seed.productLines), pick(rng, ctx.seed.productLines)]),
			]),
		)
		if (order.lineHaul) attr('sealNumber', sealNumber(rng), order.lineHaul.shipmentId)
	}

	for (const s of order.shipped) {
		const invoicedAt = new Date(+(s.deliveredAt ?? s.shippedAt) + 2 * DAY)
		if (invoicedAt > now) continue
		const base = s.carrier.mode === 'ocean' ? 2400 : s.carrier.mode === 'air' ? 1800 : 180
		// The report's story (docs/demo-data.md): a costly, often-late carrier and a lane that got dearer.
		const markup = s.carrier.code === COSTLY_CARRIER_CODE ? COSTLY_CARRIER_MARKUP : 1
		const dearer =
			s.from.place.country === DEARER_LANE.fromCountry && s.to.id === ctx.dcs[0]?.id
				? 1 +
					DEARER_LANE.rise *
						Math.min(1, Math.max(0, 1 - (+now - +invoicedAt) / (DEARER_LANE.riseDays * DAY)))
				: 1
		rows.freightCosts.push({
			id: draft.childId('freight_cost', s.shipmentId),
			organizationId,
			shipSetId,
			shipmentId: s.shipmentId,
			carrierId: s.carrier.id,
			amount: Math.round(base * (0.6 + rng() * 1.2) * markup * dearer * 100) / 100,
			currency: 'USD',
			invoicedAt,
			mode: s.carrier.mode,
			createdAt: invoicedAt,
		})
	}

	const lastAt = order.draft.events.reduce((max, e) => Math.max(max, +e.eventAt), +at)
	if (chance(rng, 0.14) && ctx.commenterIds.length > 0) {
		const count = int(rng, 1, 3)
		for (let i = 0; i < count; i++) {
			const userId = pick(rng, ctx.commenterIds)
			const created = minutes(Math.min(+now - HOUR, +at + (lastAt - +at) * rng() + HOUR))
			const others = ctx.mentionableIds.filter(
				(u) => u !== userId && u !== globalIds.user('nadia@acme.test'),
			)
			const target = others.length > 0 && chance(rng, 0.45) ? pick(rng, others) : null
			const commentId = draft.childId('comment', i)
			rows.comments.push({
				id: commentId,
				organizationId,
				shipSetId,
				nodeId: chance(rng, 0.5) ? pick(rng, order.nodeIds) : null,
				userId,
				body: target ? `${mention(target)} ${pick(rng, MENTION_TEXTS)}` : pick(rng, COMMENT_TEXTS),
				hasMention: target !== null,
				createdAt: created,
			})
			if (target)
				rows.commentMentions.push({ organizationId, commentId, userId: target, createdAt: created })
		}
	}

	if (chance(rng, 0.1)) {
		const documentId = draft.childId('document')
		const file = SEED_DOCUMENTS.generic
		rows.documents.push({
			id: documentId,
			organizationId,
			shipSetId,
			documentTypeId: globalIds.documentType('PACKING_LIST'),
			fileFileName: `packing-list-${draft.shipSet.name}.pdf`,
			fileContentType: file.contentType,
			fileSize: file.bytes.length,
			storageKey: file.storageKey,
			sha256: file.sha256,
			uploadedByUserId: ctx.commenterIds[0] ?? null,
			createdAt: new Date(+at + HOUR),
		})
		rows.historicalLogs.push({
			id: draft.childId('log', 'document'),
			organizationId,
			shipSetId,
			userId: ctx.commenterIds[0] ?? null,
			message: `Document packing-list-${draft.shipSet.name}.pdf uploaded`,
			documentId,
			createdAt: new Date(+at + HOUR),
		})
	}

	// Recent line hauls are tracked more often, so the default two-week window of
	// Historical Breaches and the Ongoing Breaches list both have rows.
	const recent = order.lineHaul && +now - +order.lineHaul.arrivedAt < 30 * DAY
	if (order.lineHaul && chance(rng, recent ? 0.4 : 0.12)) addSensorTracking(rows, order, rng, now)
}
