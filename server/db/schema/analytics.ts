import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { organizationId, users } from './accounts'
import { id, tstz } from './columns'

/**
 * First-party analytics events (000 §6 "analytics events (public tracker, timeline, dashboard, guest
 * timeline) … click_to_node, return_to_search_results, navigate_via_breadcrumbs, show_all_events,
 * collapse_events"): one row per event, written by POST /api/web/analytics_events (signed in) and
 * /api/web/public/analytics_events (anonymous, rate limited), counted per event and day for the
 * supply chain's administrators. No third party sees them; no address or agent is kept.
 */
export const analyticsEvents = pgTable(
	'analytics_events',
	{
		id: id(),
		organizationId: organizationId(),
		/** The signed-in user; null for the public tracker and guests. */
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		/** public_tracker, timeline, dashboard or guest_timeline. */
		surface: text('surface').notNull(),
		/** One of the five event names. */
		name: text('name').notNull(),
		occurredAt: tstz('occurred_at').notNull().defaultNow(),
	},
	(t) => [index('analytics_events_org_occurred_idx').on(t.organizationId, t.occurredAt)],
)
