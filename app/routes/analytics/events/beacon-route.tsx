import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/beacon-route'
import {
	ANALYTICS_EVENT_NAMES,
	ANONYMOUS_SURFACES,
	SIGNED_IN_SURFACES,
} from '#contracts/analytics/events'
import { getUser, userScm } from '~/services/auth/session.server'
import { recordAnonymousEvent } from '~/services/scm/analytics-events.server'
import { ScmError } from '~/services/scm.server'
import { readForm } from '~/services/form.server'

/** A beacon's form: a name, a surface and a slug. */
const BEACON_BYTES = 4 * 1024

/**
 * POST /events: one first-party analytics event from the page's beacon (000 §6;
 * ~/components/analytics-events). A signed-in surface's event is recorded as the session's user;
 * an anonymous surface's (the public tracker, a guest link) for the supply chain it names, rate
 * limited by the API per browser address. Answers 204, or the refusal's status (nobody reads it: a
 * beacon's answer is dropped).
 */
const EventForm = z.discriminatedUnion('surface', [
	z.object({ name: z.enum(ANALYTICS_EVENT_NAMES), surface: z.enum(SIGNED_IN_SURFACES) }),
	z.object({
		name: z.enum(ANALYTICS_EVENT_NAMES),
		surface: z.enum(ANONYMOUS_SURFACES),
		organization: z
			.string()
			.trim()
			.min(1)
			.max(100)
			.regex(/^[\w-]+$/, 'organization: a supply chain slug'),
	}),
])

export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') throw data(null, { status: 405 })
	// A beacon is a few fields: its body is capped before it is read (413).
	const form = Object.fromEntries(await readForm(request, BEACON_BYTES))
	const parsed = EventForm.safeParse(form)
	if (!parsed.success)
		return new Response(
			parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
			{ status: 400 },
		)
	const event = parsed.data
	try {
		if (!('organization' in event)) {
			const user = await getUser(request, context)
			if (!user || user.expiresAt <= Date.now()) return new Response(null, { status: 401 })
			await userScm(context, user).analyticsEvents.record(event.name, event.surface)
		} else {
			await recordAnonymousEvent(context, event.organization, event.name, event.surface)
		}
	} catch (error) {
		if (error instanceof ScmError && error.status < 500)
			return new Response(null, { status: error.status })
		throw error
	}
	return new Response(null, { status: 204 })
}

export async function loader() {
	throw data(null, { status: 405 })
}
