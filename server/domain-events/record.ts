import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { recordset } from '../db/params'

/** A database or a transaction of it: record inside the writer's own transaction. */
type Executor = Pick<Database, 'execute'>

/**
 * What can happen to an order, as webhooks and notifications name it ("order status
 * changed, event added, exception, breach opened/closed, comment added").
 */
export const DOMAIN_EVENT_KINDS = [
	'order.status_changed',
	'order.event_added',
	'order.exception',
	'order.promise_date_changed',
	'breach.opened',
	'breach.closed',
	'comment.added',
] as const
export type DomainEventKind = (typeof DOMAIN_EVENT_KINDS)[number]

export interface DomainEvent {
	organizationId: string
	kind: DomainEventKind
	/** The order it happened to, when there is one (a breach names several in its payload). */
	shipSetId?: string | null
	/**
	 * What a receiver needs without asking back: ids, order number, old/new status, … (JSON).
	 * The e-mail notifications read (server/news-out/preferences.ts): `order_number`;
	 * status_changed `from`, `to`; event_added/exception `title`, `event_type`, `building_type`,
	 * `final_mile`, `location` (or nested as the ingestion sends them: `event.title`, `event.event_type`,
	 * `event.building_type`, `event.location`, `event.final_mile`); comment.added `author_user_id`, `author_name`, `excerpt`,
	 * `mentioned_user_ids`; breach.* `ship_set_ids`, `item_name`, `summary`;
	 * promise_date_changed `promise_date`. Webhooks send the payload as it is — except the
	 * ingestion's `order.event_added`, one per order and batch naming its new events by id in
	 * `event_ids`, which the dispatcher announces as one news item per event, each with that event,
	 * read when it fans out, as `event` (server/news-out/dispatcher.ts wireEvents, newsOf).
	 */
	payload: Record<string, unknown>
	/** When it happened in the world (an event's own time), not when we learned it. */
	occurredAt: Date
}

/**
 * Records domain events in the caller's transaction (the transactional outbox). Dispatchers
 * (webhooks, e-mail notifications) pick up rows whose `dispatched_at` is null afterwards.
 */
export async function recordDomainEvents(
	tx: Executor,
	events: readonly DomainEvent[],
): Promise<void> {
	if (events.length === 0) return
	await tx.execute(sql`select waymark_record_domain_events(${recordset(domainEventRows(events))})`)
}

/**
 * The rows `waymark_record_domain_events` (server/domain-events/domain-events.sql) writes, as its one JSON parameter (`recordset`), in
 * order (seq follows it): an ingestion batch records thousands, and binding five parameters a row
 * is what PGlite does slowly. The ids are made here: PGlite's gen_random_uuid() opens /dev/urandom
 * for each (ADR 0019 §11). The ingestion passes them to its one write (server/ingest/batch.ts).
 */
export function domainEventRows(events: readonly DomainEvent[]) {
	return events.map((e) => ({
		id: randomUUID(),
		organization_id: e.organizationId,
		kind: e.kind,
		ship_set_id: e.shipSetId ?? null,
		payload: e.payload,
		occurred_at: e.occurredAt.toISOString(),
	}))
}
