import { OrderDraft } from './draft'
import { at, eventWriter, OLIVIA } from './named-common'
import { buildSo1003, buildSo1006, buildSo1007 } from './named-others'
import { buildSo1001 } from './named-so1001'
import { buildGeneratedOrder } from './order-builder'
import type { ShipSetStatus } from './order-plan'
import { addOrderExtras } from './order-extras'
import { rngFor } from './random'
import type { OrgContext } from './reference'
import type { SeedRows } from './rows'

/**
 * The named acme orders of the demo-data contract, SO-1001 … SO-1019. All
 * fixed: hand-written dates for SO-1001 … SO-1007, and for SO-1008 … SO-1019
 * the generator run with a fixed "now" and per-order seeds.
 */

/** The instant the named orders are derived as of (their lateness and delivery indicator), and SO-1008 … SO-1019 generated. */
export const NAMED_ORDERS_NOW = at('2026-11-15T12:00:00Z')

const MIXED_STATUSES: readonly ShipSetStatus[] = [
	'in_transit',
	'delivered',
	'pending',
	'in_process',
	'delivered',
	'in_transit',
	'cancelled',
	'closed',
	'delivered',
	'in_transit',
	'in_process',
	'delivered',
]

export function buildNamedOrders(rows: SeedRows, ctx: OrgContext): void {
	const so1001 = buildSo1001(rows, ctx)
	const so1001Id = so1001.finish(NAMED_ORDERS_NOW)
	const so1002Id = buildSimple(
		rows,
		ctx,
		'SO-1002',
		'PO-7781',
		'in_process',
		'guadalajara-factory',
		'northwind',
		'2026-11-02T16:00:00Z',
	).finish(NAMED_ORDERS_NOW)
	const so1003Id = buildSo1003(rows, ctx).finish(NAMED_ORDERS_NOW)
	buildSimple(
		rows,
		ctx,
		'SO-1004',
		'PO-7791',
		'pending',
		'fremont-factory',
		'fabrikam-ny',
		'2026-11-20T10:00:00Z',
	).finish(NAMED_ORDERS_NOW)
	buildSimple(
		rows,
		ctx,
		'SO-1005',
		'PO-7792',
		'cancelled',
		'penang-factory',
		'blue-yonder-tokyo',
		'2026-10-20T03:00:00Z',
	).finish(NAMED_ORDERS_NOW)
	buildSo1006(rows, ctx).finish(NAMED_ORDERS_NOW)
	const so1007Id = buildSo1007(rows, ctx).finish(NAMED_ORDERS_NOW)

	MIXED_STATUSES.forEach((status, i) => {
		const n = 8 + i
		const rng = rngFor('named', ctx.slug, n)
		const built = buildGeneratedOrder(rows, {
			ctx,
			rng,
			name: `SO-10${String(n).padStart(2, '0')}`,
			referenceNumber: `PO-78${String(n).padStart(2, '0')}`,
			now: NAMED_ORDERS_NOW,
			status,
		})
		addOrderExtras(rows, built, rng, NAMED_ORDERS_NOW)
		built.draft.finish(NAMED_ORDERS_NOW)
	})

	const organizationId = ctx.id
	rows.relatedShipSets.push({
		id: so1001.childId('related', 'SO-1002'),
		organizationId,
		shipSetId: so1001Id,
		relatedShipSetId: so1002Id,
		createdAt: at('2026-10-13T10:00:00Z'),
	})
	rows.follows.push(
		{
			id: so1001.childId('follow', 'olivia'),
			organizationId,
			userId: OLIVIA,
			shipSetId: so1001Id,
			createdAt: at('2026-10-13T10:01:00Z'),
		},
		{
			id: so1001.childId('follow', 'olivia-SO-1003'),
			organizationId,
			userId: OLIVIA,
			shipSetId: so1003Id,
			createdAt: at('2026-09-29T08:30:00Z'),
		},
	)
	const viewed: [string, string][] = [
		[so1001Id, '2026-11-20T09:00:00Z'],
		[so1002Id, '2026-11-19T16:30:00Z'],
		[so1007Id, '2026-11-18T11:15:00Z'],
	]
	for (const [shipSetId, when] of viewed) {
		rows.recentlyViewed.push({
			id: so1001.childId('viewed', shipSetId),
			organizationId,
			userId: OLIVIA,
			shipSetId,
			viewedAt: at(when),
			createdAt: at(when),
		})
	}
}

/** SO-1002 (in process), SO-1004 (pending, no events at all) and SO-1005 (cancelled). */
function buildSimple(
	rows: SeedRows,
	ctx: OrgContext,
	name: string,
	reference: string,
	status: 'in_process' | 'pending' | 'cancelled',
	factoryKey: string,
	customerKey: string,
	created: string,
): OrderDraft {
	const factory = ctx.site(factoryKey)
	const customer = ctx.site(customerKey)
	const createdAt = at(created)
	const d = new OrderDraft(rows, ctx, {
		name,
		referenceNumber: reference,
		status: status === 'cancelled' ? status : undefined,
		locationId: customer.id,
		orderTypeId: ctx.orderTypeId('Standard'),
		promiseDate: new Date(+createdAt + 21 * 86_400_000),
		deliveryValue: 12800,
		createdAt,
	})
	const factoryNode = d.addNode({
		buildingType: 'Factory',
		source: 'data',
		locationId: factory.id,
		position: 0,
	})
	if (status === 'pending') return d
	d.addNode({ buildingType: 'Customer', source: 'data', locationId: customer.id, position: 2 })
	const ev = eventWriter(d)
	ev(factoryNode, created, 'Order received', 'info', factory)
	ev(
		factoryNode,
		new Date(+createdAt + 30 * 3_600_000).toISOString(),
		'Production started',
		'info',
		factory,
	)
	if (status === 'cancelled') {
		d.addShipment({
			carrierId: ctx.carrier('DHL Express').id,
			trackingNumber: '1999105001',
			status: 'cancelled',
			shipperLocationId: factory.id,
			consigneeLocationId: customer.id,
			createdAt: new Date(+createdAt + 40 * 3_600_000),
		})
		ev(
			factoryNode,
			new Date(+createdAt + 52 * 3_600_000).toISOString(),
			'Order cancelled',
			'info',
			factory,
			{ summary: 'Cancelled at the customer’s request' },
		)
	}
	return d
}
