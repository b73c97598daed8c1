import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	index,
	integer,
	jsonb,
	pgTable,
	text,
	unique,
	uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, tstz, updatedAt } from './columns'

/**
 * Tenants, people and their access. A supply chain (the spec's "account",
 * the value of the X-Supply-Chain header) is an organization, found by slug.
 */
export const organizations = pgTable('organizations', {
	id: id(),
	/** The value of X-Supply-Chain and of the public tracker's organization field, e.g. 'acme'. */
	slug: text('slug').notNull().unique(),
	/** account_name in the profile, e.g. 'Acme Devices'. */
	name: text('name').notNull(),
	/** account_alias in the profile. */
	alias: text('alias'),
	/** Shown by the public tracker's empty result ('contact support at ...'). */
	supportEmail: text('support_email'),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
})

/** The tenant column every tenant-owned row carries, so every query can be scoped by it. */
export const organizationId = () =>
	uuid('organization_id')
		.notNull()
		.references(() => organizations.id, { onDelete: 'cascade' })

export const users = pgTable(
	'users',
	{
		id: id(),
		/** Always stored lower-case (checked). */
		email: text('email').notNull().unique(),
		givenName: text('given_name'),
		familyName: text('family_name'),
		/** `scrypt$N$r$p$saltB64$hashB64` (see server/db/password.ts); null when sign-in is external only. */
		passwordHash: text('password_hash'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [check('users_email_lowercase', sql`${t.email} = lower(${t.email})`)],
)

/** A user's access to one supply chain: the profile's permissions and subscribed_services. */
export const memberships = pgTable(
	'memberships',
	{
		id: id(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		organizationId: organizationId(),
		/** e.g. DASHBOARD.DEFAULT, CORE.DEFAULT, CORE.ANALYTICS, TRACKER.DEFAULT. */
		permissions: text('permissions')
			.array()
			.notNull()
			.default(sql`'{}'::text[]`),
		/** e.g. CORE, DASHBOARD, TRACKER. */
		subscribedServices: text('subscribed_services')
			.array()
			.notNull()
			.default(sql`'{}'::text[]`),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('memberships_user_org_unique').on(t.userId, t.organizationId),
		index('memberships_org_idx').on(t.organizationId),
	],
)

/**
 * Feature toggles. A row with organization_id null is the global default; a
 * row for an organization overrides it for that supply chain.
 */
export const featureToggles = pgTable(
	'feature_toggles',
	{
		id: id(),
		name: text('name').notNull(),
		organizationId: uuid('organization_id').references(() => organizations.id, {
			onDelete: 'cascade',
		}),
		enabled: boolean('enabled').notNull().default(false),
		description: text('description'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('feature_toggles_name_org_unique').on(t.name, t.organizationId).nullsNotDistinct(),
	],
)

/** The e-mail outbox: the default mailer writes here; an SMTP sender marks rows sent. */
/** A file attached to an outbox e-mail (text content: the Issues Log report's CSV). */
export interface OutboxAttachment {
	filename: string
	contentType: string
	content: string
}

export const outboxEmails = pgTable(
	'outbox_emails',
	{
		id: id(),
		organizationId: uuid('organization_id').references(() => organizations.id, {
			onDelete: 'set null',
		}),
		to: text('to').notNull(),
		subject: text('subject').notNull(),
		text: text('text').notNull(),
		html: text('html'),
		createdAt: createdAt(),
		sentAt: tstz('sent_at'),
		attempts: integer('attempts').notNull().default(0),
		lastError: text('last_error'),
		/**
		 * When the sender may try this row (again): null at first; while a send is in flight it
		 * is a lease (a crashed sender's rows come back once it passes), after a failure the
		 * back-off. See server/mail/sender.ts.
		 */
		nextAttemptAt: tstz('next_attempt_at'),
		/** Files sent with the message: [{ filename, contentType, content }] (text content, e.g. a CSV report). */
		attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
		/** Headers besides the usual ones, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
		headers: jsonb('headers').$type<Record<string, string>>(),
	},
	(t) => [
		index('outbox_emails_unsent_idx')
			.on(t.createdAt)
			.where(sql`${t.sentAt} is null`),
	],
)
