import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Database } from '../db/client'
import { oidcPayloads } from '../db/schema'

/**
 * oidc-provider's storage in our database (table oidc_payloads), instead of
 * its development-only memory adapter: sessions, grants and codes survive a
 * restart and are shared by every process on the same database.
 */
export function databaseAdapter(db: Database) {
	let sweptAt = 0
	return class DatabaseAdapter implements Adapter {
		constructor(private readonly model: string) {}

		private live(expiresAt: Date | null) {
			return !expiresAt || expiresAt.getTime() > Date.now()
		}

		async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
			const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null
			const row = {
				model: this.model,
				id,
				payload,
				grantId: payload.grantId ?? null,
				userCode: payload.userCode ?? null,
				uid: payload.uid ?? null,
				expiresAt,
			}
			await db
				.insert(oidcPayloads)
				.values(row)
				.onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row })
			// Expired rows are dropped now and then, not on every write.
			if (Date.now() - sweptAt > 10 * 60_000) {
				sweptAt = Date.now()
				await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()))
			}
		}

		private async findWhere(where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
			const [row] = await db
				.select()
				.from(oidcPayloads)
				.where(
					and(
						eq(oidcPayloads.model, this.model),
						where,
						or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date())),
					),
				)
				.limit(1)
			if (!row || !this.live(row.expiresAt)) return undefined
			const payload = row.payload as AdapterPayload
			return row.consumedAt
				? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
				: payload
		}

		find(id: string) {
			return this.findWhere(eq(oidcPayloads.id, id))
		}
		findByUid(uid: string) {
			return this.findWhere(eq(oidcPayloads.uid, uid))
		}
		findByUserCode(userCode: string) {
			return this.findWhere(eq(oidcPayloads.userCode, userCode))
		}

		async consume(id: string): Promise<void> {
			await db
				.update(oidcPayloads)
				.set({ consumedAt: new Date() })
				.where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)))
		}

		async destroy(id: string): Promise<void> {
			await db
				.delete(oidcPayloads)
				.where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)))
		}

		async revokeByGrantId(grantId: string): Promise<void> {
			await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId))
		}
	}
}
