import type * as s from '../schema'
import { seedId } from './random'
import type { OrgContext, Site } from './reference'
import { deriveNewOrders } from './derive'
import type { SeedRows } from './rows'

/**
 * One order being written: its ship set, shipments, nodes and events, as their
 * sender sends them. finish() derives what follows from the events as the
 * ingestion does (./derive.ts) and pushes everything into the pending rows.
 */

type ShipSetRow = typeof s.shipSets.$inferInsert
type ShipmentRow = typeof s.shipments.$inferInsert
type NodeRow = typeof s.nodes.$inferInsert
type EventRow = typeof s.events.$inferInsert

/**
 * What a sender sends (the ingestion's contract, server/ingest/ingest.contract.ts) or a person sets: the
 * columns the derivation writes are left out; an order's status is only an administrative one, a
 * shipment's only one a person set.
 */
export type OrderInput = Omit<
	ShipSetRow,
	| 'id'
	| 'organizationId'
	| 'status'
	| 'deliveredAt'
	| 'deliveredAtTimezoneName'
	| 'shipmentDeliveryStatus'
	| 'firstEventAt'
	| 'lastEventAt'
	| 'lastEventId'
> & { createdAt: Date; status?: 'cancelled' | 'closed' }
export type NodeInput = Omit<
	NodeRow,
	'id' | 'organizationId' | 'shipSetId' | 'firstEventAt' | 'lastEventAt' | 'withExceptionEvent'
>
export type ShipmentInput = Omit<
	ShipmentRow,
	| 'id'
	| 'organizationId'
	| 'shipSetId'
	| 'status'
	| 'deliveredAt'
	| 'late'
	| 'substatusTypeId'
	| 'substatusAt'
> & {
	status?: 'cancelled' | 'closed'
}
export type EventInput = Omit<EventRow, 'id' | 'organizationId' | 'shipSetId'> & { eventAt: Date }

export const ICON_CLASSES: Record<string, string> = {
	Factory: 'icon-factory',
	Transit: 'icon-transit',
	'Transit Hub': 'icon-transit-hub',
	DC: 'icon-dc',
	Customer: 'icon-customer',
	Damage: 'icon-damage',
}

/** 'Louisville, KY, US': how carriers report a scan's place (events.location_at). */
export const placeText = (site: Site) =>
	`${site.place.city}, ${site.place.state}, ${site.place.country}`

export class OrderDraft {
	readonly id: string
	readonly shipments: ShipmentRow[] = []
	readonly nodes: NodeRow[] = []
	readonly events: EventRow[] = []
	private counter = 0

	constructor(
		readonly rows: SeedRows,
		readonly ctx: OrgContext,
		readonly shipSet: OrderInput,
	) {
		this.id = seedId(ctx.slug, 'ship_set', shipSet.name)
	}

	/** A stable id for a row that belongs to this order. */
	childId(kind: string, n: number | string = this.counter++): string {
		return seedId(this.ctx.slug, this.shipSet.name, kind, n)
	}

	get organizationId(): string {
		return this.ctx.id
	}

	addShipment(input: ShipmentInput): string {
		const id = this.childId('shipment')
		const createdAt = input.createdAt ?? input.shippedAt ?? this.shipSet.createdAt
		this.shipments.push({
			...input,
			id,
			organizationId: this.ctx.id,
			shipSetId: this.id,
			createdAt,
		})
		return id
	}

	addNode(input: NodeInput): string {
		const id = this.childId('node')
		this.nodes.push({
			iconClass: ICON_CLASSES[input.buildingType],
			createdAt: this.shipSet.createdAt,
			...input,
			id,
			organizationId: this.ctx.id,
			shipSetId: this.id,
		})
		return id
	}

	addEvent(input: EventInput): string {
		const id = this.childId('event')
		this.events.push({
			createdAt: input.eventAt,
			...input,
			id,
			organizationId: this.ctx.id,
			shipSetId: this.id,
		})
		return id
	}

	/** Derives the order from its events as of `now` (./derive.ts) and queues every row of it. */
	finish(now: Date): string {
		const row: ShipSetRow = { ...this.shipSet, id: this.id, organizationId: this.ctx.id }
		deriveNewOrders(
			{ shipSets: [row], shipments: this.shipments, nodes: this.nodes, events: this.events },
			now,
		)
		this.rows.shipSets.push(row)
		this.rows.shipments.push(...this.shipments)
		this.rows.nodes.push(...this.nodes)
		this.rows.events.push(...this.events)
		return this.id
	}
}
