/**
 * The one Drizzle schema of the whole domain, split by area under ./schema/.
 * Column names are snake_case; every tenant-owned table has organization_id.
 * Migrations are generated from this file: `npx drizzle-kit generate` (schema changes only; the
 * functions and triggers are the files of server/db/sql-sources.ts).
 */
export * from './schema/accounts'
export * from './schema/reference'
export * from './schema/orders'
export * from './schema/order-details'
export * from './schema/collaboration'
export * from './schema/engagement'
export * from './schema/sensors'
export * from './schema/oidc'
export * from './schema/dashboard'
export * from './schema/integrations'
export * from './schema/analytics'
export * from './schema/shared-state'
export * from './schema/news-out'
export * from './schema/freight-analytics'
export * from './schema/search'
export * from './schema/sql-sources'
