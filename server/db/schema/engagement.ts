import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { organizationId, users } from './accounts'
import { createdAt, id, tstz, updatedAt } from './columns'
import { shipSets } from './orders'

/** How people keep up with an order: follows, recently viewed, shares (guest links) and notifications. */

export const follows = pgTable(
	'follows',
	{
		id: id(),
		organizationId: organizationId(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('follows_user_ship_set_unique').on(t.userId, t.shipSetId),
		index('follows_user_org_created_idx').on(t.userId, t.organizationId, t.createdAt),
		index('follows_ship_set_idx').on(t.shipSetId),
	],
)

export const recentlyViewed = pgTable(
	'recently_viewed',
	{
		id: id(),
		organizationId: organizationId(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		viewedAt: tstz('viewed_at').notNull().defaultNow(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('recently_viewed_user_ship_set_unique').on(t.userId, t.shipSetId),
		index('recently_viewed_user_org_viewed_idx').on(t.userId, t.organizationId, t.viewedAt),
	],
)

/** One 'SHARE SOSS' submission. view_type: customer (Restricted View) | supply_chain. */
export const shares = pgTable(
	'shares',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		createdByUserId: uuid('created_by_user_id').references(() => users.id, {
			onDelete: 'set null',
		}),
		viewType: text('view_type').notNull().default('customer'),
		message: text('message'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check('shares_view_type_check', sql`${t.viewType} in ('customer', 'supply_chain')`),
		index('shares_ship_set_idx').on(t.shipSetId),
	],
)

/**
 * One e-mail address a share was sent to. Guests (not members of the supply
 * chain) get a link carrying a token; only its SHA-256 (hex) is stored.
 * user_id is set when the address belongs to a member.
 */
export const shareRecipients = pgTable(
	'share_recipients',
	{
		id: id(),
		organizationId: organizationId(),
		shareId: uuid('share_id')
			.notNull()
			.references(() => shares.id, { onDelete: 'cascade' }),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		email: text('email').notNull(),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		viewType: text('view_type').notNull().default('customer'),
		tokenHash: text('token_hash').unique(),
		expiresAt: tstz('expires_at'),
		revokedAt: tstz('revoked_at'),
		lastUsedAt: tstz('last_used_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('share_recipients_share_idx').on(t.shareId),
		index('share_recipients_ship_set_email_idx').on(t.shipSetId, t.email),
	],
)

/**
 * Notification settings for one order, of a member (user_id) or of a guest
 * (guest_email). notif_type: all_status | final_mile | delivered | nodes | no_notif;
 * nodes: building types (Factory, Transit, DC, Customer) when notif_type is nodes.
 */
export const notificationPreferences = pgTable(
	'notification_preferences',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		guestEmail: text('guest_email'),
		/** user for members; customer or supply_chain for guests (their share's view type). */
		viewType: text('view_type').notNull().default('user'),
		notifType: text('notif_type').notNull().default('all_status'),
		nodes: text('nodes')
			.array()
			.notNull()
			.default(sql`'{}'::text[]`),
		comments: boolean('comments').notNull().default(false),
		promiseDate: boolean('promise_date').notNull().default(false),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check(
			'notification_preferences_notif_type_check',
			sql`${t.notifType} in ('all_status', 'final_mile', 'delivered', 'nodes', 'no_notif')`,
		),
		check(
			'notification_preferences_owner',
			sql`${t.userId} is not null or ${t.guestEmail} is not null`,
		),
		unique('notification_preferences_ship_set_user_unique').on(t.shipSetId, t.userId),
		unique('notification_preferences_ship_set_guest_unique').on(t.shipSetId, t.guestEmail),
	],
)
