import { OpenAPIHono } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { WebhooksApi } from './webhooks.api'
import { organizations, shipSets } from '../db/schema'
import { addressPolicy } from './address-guard'
import {
	applyUnsubscribe,
	scopeText,
	unsubscribeKey,
	verifyUnsubscribe,
	type UnsubscribeClaims,
} from './unsubscribe'
import { replay, sendTest } from './webhooks'
import { SUPPLY_CHAIN_ADMIN_PERMISSION } from '../shared/permissions'
import { guarded } from '../api/route'
import { acceptedGuestLinkSecrets, type ApiDeps, type ApiEnv } from '../api/context'
import { requireApiKey, requirePermission, requireUser } from '../api/caller'
import { invalid } from '../errors'
import { validationHook } from '../api/errors'
import {
	createSubscription,
	deleteSubscription,
	deliveryPage,
	listSubscriptions,
	requireDelivery,
	requireSubscription,
	toWireDeliveries,
	toWireSubscription,
	updateSubscription,
} from './webhooks.queries'

/** The handlers of WebhooksApi (server/news-out/webhooks.api.ts): guard, query, answer. */
const {
	list,
	create,
	read,
	update,
	remove,
	deliveries,
	test,
	replay: replayRoute,
	unsubscribeRead,
	unsubscribe,
} = WebhooksApi

const admin = [requireUser, requirePermission(SUPPLY_CHAIN_ADMIN_PERMISSION)]

/** The address policy of this API's deps (built once per allow-list). */
const policies = new WeakMap<ApiDeps, ReturnType<typeof addressPolicy>>()
function policyOf(deps: ApiDeps) {
	let p = policies.get(deps)
	if (!p) {
		p = addressPolicy(deps.webhookAllowNetworks ?? [])
		policies.set(deps, p)
	}
	return p
}
const deliveryContext = (deps: ApiDeps) => ({
	db: deps.db,
	policy: policyOf(deps),
	now: new Date(),
	publicUrl: deps.publicUrl,
})

async function readToken(deps: ApiDeps, token: string) {
	const claims = verifyUnsubscribe(acceptedGuestLinkSecrets(deps).map(unsubscribeKey), token)
	if (!claims) throw invalid('token', 'This unsubscribe link is not valid')
	return claims
}

async function describeClaims(deps: ApiDeps, claims: UnsubscribeClaims) {
	let name: string | null = null
	if (claims.s.startsWith('order:')) {
		const [order] = await deps.db
			.select({ name: shipSets.name })
			.from(shipSets)
			.innerJoin(organizations, eq(organizations.id, shipSets.organizationId))
			.where(and(eq(shipSets.id, claims.s.slice(6)), eq(shipSets.organizationId, claims.o)))
		name = order?.name ?? null
	}
	return { what: scopeText(claims.s, name), email: claims.e }
}

export const webhookRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(list, ...admin), async (c) =>
		c.json(
			{ subscriptions: await listSubscriptions(c.var.deps.db, c.var.caller.organizationId) },
			200,
		),
	)
	.openapi(guarded(create, ...admin), async (c) => {
		const { organizationId, userId } = c.var.caller
		return c.json(
			await createSubscription(
				c.var.deps.db,
				policyOf(c.var.deps),
				organizationId,
				userId,
				c.req.valid('json'),
			),
			201,
		)
	})
	.openapi(guarded(read, ...admin), async (c) => {
		const sub = await requireSubscription(
			c.var.deps.db,
			c.var.caller.organizationId,
			c.req.valid('param').id,
		)
		return c.json({ subscription: toWireSubscription(sub) }, 200)
	})
	.openapi(guarded(update, ...admin), async (c) => {
		const { id } = c.req.valid('param')
		const subscription = await updateSubscription(
			c.var.deps.db,
			policyOf(c.var.deps),
			c.var.caller.organizationId,
			id,
			c.req.valid('json'),
		)
		return c.json({ subscription }, 200)
	})
	.openapi(guarded(remove, ...admin), async (c) => {
		await deleteSubscription(c.var.deps.db, c.var.caller.organizationId, c.req.valid('param').id)
		return c.json({ deleted: true as const }, 200)
	})
	.openapi(guarded(deliveries, ...admin), async (c) => {
		const { offset, limit } = c.req.valid('query')
		return c.json(
			await deliveryPage(
				c.var.deps.db,
				c.var.caller.organizationId,
				c.req.valid('param').id,
				offset,
				limit,
			),
			200,
		)
	})
	.openapi(guarded(test, ...admin), async (c) => {
		const sub = await requireSubscription(
			c.var.deps.db,
			c.var.caller.organizationId,
			c.req.valid('param').id,
		)
		const { delivery } = await sendTest(deliveryContext(c.var.deps), sub)
		const [fresh] = await c.var.deps.db.query.webhookDeliveries.findMany({
			where: (d, { eq }) => eq(d.id, delivery.id),
		})
		return c.json({ delivery: (await toWireDeliveries(c.var.deps.db, [fresh!]))[0]! }, 201)
	})
	.openapi(guarded(replayRoute, ...admin), async (c) => {
		const { id, deliveryId } = c.req.valid('param')
		const { organizationId } = c.var.caller
		const sub = await requireSubscription(c.var.deps.db, organizationId, id)
		const original = await requireDelivery(c.var.deps.db, organizationId, id, deliveryId)
		const { delivery } = await replay(deliveryContext(c.var.deps), sub, original)
		const [fresh] = await c.var.deps.db.query.webhookDeliveries.findMany({
			where: (d, { eq }) => eq(d.id, delivery.id),
		})
		return c.json({ delivery: (await toWireDeliveries(c.var.deps.db, [fresh!]))[0]! }, 201)
	})
	.openapi(guarded(unsubscribeRead, requireApiKey), async (c) => {
		const claims = await readToken(c.var.deps, c.req.valid('query').token)
		return c.json({ ...(await describeClaims(c.var.deps, claims)), done: false }, 200)
	})
	.openapi(guarded(unsubscribe, requireApiKey), async (c) => {
		const claims = await readToken(c.var.deps, c.req.valid('json').token)
		await applyUnsubscribe(c.var.deps.db, claims)
		return c.json({ ...(await describeClaims(c.var.deps, claims)), done: true }, 200)
	})
