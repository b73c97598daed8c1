import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../../config'
import { migrate, openDatabase, vacuumReadModels } from '../client'
import { seedDemo } from './demo'
import { seedScale } from './scale'

/**
 * `npm run seed [-- --orders N] [--org SLUG] [--batch N]`
 *
 * Opens the database of the configuration (DATA_DIR or DATABASE_URL; the data
 * folder must not be in use by a running server), applies migrations, seeds the
 * demo data when the database is empty, then adds N generated orders.
 */
const USAGE = 'usage: npm run seed -- [--orders N] [--org SLUG] [--batch N]'

function positiveInt(value: string | undefined, name: string, fallback: number): number {
	if (value === undefined) return fallback
	const n = Number(value.replace(/_/g, ''))
	if (!Number.isInteger(n) || n < 0)
		throw new Error(`--${name} must be a whole number (got '${value}')\n${USAGE}`)
	return n
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			orders: { type: 'string' },
			org: { type: 'string', default: 'acme' },
			batch: { type: 'string' },
			help: { type: 'boolean', short: 'h' },
		},
	})
	if (values.help) {
		console.log(USAGE)
		return
	}
	const orders = positiveInt(values.orders, 'orders', 0)
	const batchSize = Math.max(1, positiveInt(values.batch, 'batch', 500))
	const config = loadConfig()
	const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL })
	const where =
		handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`
	try {
		console.log(`[seed] database: ${where}`)
		await migrate(handle)
		const t0 = Date.now()
		const seeded = await seedDemo(handle.db)
		console.log(
			seeded
				? `[seed] demo data written in ${Date.now() - t0} ms`
				: '[seed] demo data already present, skipped',
		)
		if (orders > 0) {
			let lastReport = 0
			const scaleStart = Date.now()
			const result = await seedScale(handle.db, {
				orders,
				organizationSlug: values.org,
				batchSize,
				onProgress(done, total) {
					const now = Date.now()
					if (done === total || now - lastReport > 2000) {
						lastReport = now
						const rate = Math.round(done / (Math.max(1, now - scaleStart) / 1000))
						console.log(
							`[seed] ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} orders (${rate} orders/s)`,
						)
					}
				},
			})
			const seconds = result.ms / 1000
			console.log(
				`[seed] added ${result.orders.toLocaleString('en-US')} orders (${result.firstName} … ${result.lastName}), ` +
					`${result.rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s: ` +
					`${Math.round(result.orders / seconds).toLocaleString('en-US')} orders/s, ` +
					`${Math.round(result.rows / seconds).toLocaleString('en-US')} rows/s ` +
					`(process memory ${Math.round(process.memoryUsage().rss / 1e6)} MB)`,
			)
		}
		// Fresh statistics for the planner (PGlite runs no autovacuum).
		await handle.db.execute(sql`ANALYZE`)
		await vacuumReadModels(handle)
	} finally {
		await handle.close()
	}
}

main().catch((error: unknown) => {
	console.error(`[seed] ${error instanceof Error ? error.message : String(error)}`)
	process.exitCode = 1
})
