import { asc, eq, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'
import { carriers, conveyanceTypes, orderTypes, tags } from '../db/schema'

/** "sorted by name" as a person reads it: Maersk before MSC, whatever the database's collation. */
const byName = (column: AnyPgColumn) => sql`lower(${column})`

/** The supply chain's carrier names, one per name. */
export const carrierNameList = (db: Database, organizationId: string) =>
	db
		.selectDistinctOn([byName(carriers.name)], { id: carriers.id, name: carriers.name })
		.from(carriers)
		.where(eq(carriers.organizationId, organizationId))
		.orderBy(byName(carriers.name), asc(carriers.name))

/** A global reference table (Ground, Air, Ocean): no tenant rows in it. */
export const conveyanceTypeList = (db: Database) =>
	db
		.select({ id: conveyanceTypes.id, code: conveyanceTypes.code, name: conveyanceTypes.name })
		.from(conveyanceTypes)
		.orderBy(byName(conveyanceTypes.name))

export const tagList = (db: Database, organizationId: string) =>
	db
		.select({ id: tags.id, name: tags.name })
		.from(tags)
		.where(eq(tags.organizationId, organizationId))
		.orderBy(byName(tags.name), asc(tags.name))

export const orderTypeList = (db: Database, organizationId: string) =>
	db
		.select({ id: orderTypes.id, name: orderTypes.name })
		.from(orderTypes)
		.where(eq(orderTypes.organizationId, organizationId))
		.orderBy(byName(orderTypes.name), asc(orderTypes.name))
