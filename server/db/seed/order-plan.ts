import { chance, DAY, HOUR, int, minutes, pick } from './random'
import { COSTLY_CARRIER_CODE, FINAL_MILE_CARRIERS, ISSUE_TYPES } from './reference-data'
import type { Rng } from './random'
import type { OrgContext } from './reference'

export type ShipSetStatus =
	'pending' | 'in_process' | 'in_transit' | 'delivered' | 'cancelled' | 'closed'

export interface GeneratedOrderSpec {
	ctx: OrgContext
	rng: Rng
	name: string
	referenceNumber: string
	/** Events later than this are not written; statuses are as of this instant. */
	now: Date
	/** Order date. Ignored when `status` is given (the date is then chosen to reach that status). */
	createdAt?: Date
	status?: ShipSetStatus
}

/**
 * The shape of a generated order before any row is written: its places,
 * carriers, milestone instants (t0 ordered, t1 shipped, t2 line haul
 * arrived, t3 left the DC, t4 delivered), outcome and status as of `now`.
 */

const EUROPE = new Set(['GB', 'FR', 'DE', 'NL', 'ES'])

export type OrderPlan = ReturnType<typeof planOrder>

export function planOrder(spec: GeneratedOrderSpec) {
	const { ctx, rng, now } = spec
	const customer = pick(rng, ctx.customers)
	const factory = pick(rng, ctx.factories)
	const europe = EUROPE.has(customer.place.country)
	const dcChoices = ctx.dcs.filter((d) => EUROPE.has(d.place.country) === europe)
	const dc = pick(rng, dcChoices.length ? dcChoices : ctx.dcs)
	const domestic = factory.place.country === customer.place.country
	const mode = domestic ? 'ground' : chance(rng, 0.6) ? 'ocean' : 'air'
	const useDc = !domestic || chance(rng, 0.6)
	const lineCarrier = pick(
		rng,
		ctx.carriers.filter((c) => c.mode === mode),
	)
	const fmNames: readonly string[] = europe ? ['UPS', 'DHL Express'] : FINAL_MILE_CARRIERS
	const fmCarrier = ctx.carrier(pick(rng, fmNames))

	// Durations (ms) and outcome, all drawn before the order date is known.
	const processing = int(rng, 24, 96) * HOUR
	const lineHaulPlan =
		(mode === 'ocean' ? int(rng, 18, 32) : mode === 'air' ? int(rng, 2, 4) : int(rng, 2, 5)) * DAY
	// The freight-cost report's story (docs/demo-data.md): one ocean carrier is late more often.
	const delayed = chance(rng, lineCarrier.code === COSTLY_CARRIER_CODE ? 0.55 : 0.25)
	const delay = delayed ? int(rng, 24, 140) * HOUR : 0
	const dwell = useDc ? int(rng, 20, 70) * HOUR : 0
	const finalMilePlan = useDc ? int(rng, 1, 4) * DAY : 0
	const slackDays = int(rng, -1, 5)
	const cancelled = spec.status ? spec.status === 'cancelled' : chance(rng, 0.04)
	const closed = spec.status ? spec.status === 'closed' : chance(rng, 0.05)
	const stalled = chance(rng, 0.15)
	const issue = pick(rng, ISSUE_TYPES)
	const stale = chance(rng, 0.08)
	const verified = chance(rng, 0.25)
	const total = processing + lineHaulPlan + delay + dwell + finalMilePlan

	let t0: number
	switch (spec.status) {
		case undefined:
			t0 = +(spec.createdAt ?? now)
			break
		case 'pending':
			t0 = +now - 3 * HOUR
			break
		case 'in_process':
		case 'cancelled':
			t0 = +now - processing * 0.6
			break
		case 'in_transit':
			t0 = +now - processing - lineHaulPlan * 0.5
			break
		case 'delivered':
			t0 = +now - total - 2 * DAY
			break
		case 'closed':
			t0 = +now - total - 12 * DAY
	}
	t0 = +minutes(t0)
	const t1 = t0 + processing
	const t2 = t1 + lineHaulPlan + delay
	const t3 = t2 + dwell
	const t4 = useDc ? t3 + finalMilePlan : t2
	const cancelAt = t0 + processing * 0.5
	const nowMs = +now

	// As its events will have it (server/ingest/status.ts): pending until its second event ('Production
	// started'), in process until the pick-up, in transit until the delivery.
	let status: ShipSetStatus
	if (cancelled && nowMs >= cancelAt) status = 'cancelled'
	else if (nowMs < t0 + processing * 0.3) status = 'pending'
	else if (nowMs < t1) status = 'in_process'
	else if (nowMs < t4) status = 'in_transit'
	else status = closed ? 'closed' : 'delivered'
	if (spec.status === 'pending') status = 'pending'
	// A stalled order (still in transit) has had no event since 40 % of its journey.
	const cutoff =
		stalled && !spec.status && status === 'in_transit'
			? Math.min(nowMs, t1 + (t4 - t1) * 0.4)
			: nowMs

	const lastWritable = status === 'cancelled' ? cancelAt : cutoff
	const lineEstimate = t1 + lineHaulPlan
	const fmEstimate = t3 - delay + finalMilePlan + delay * 0.5
	const finalEstimate = useDc ? fmEstimate : lineEstimate
	const delivered = status === 'delivered' || status === 'closed'
	const promise =
		Math.floor((t0 + processing + lineHaulPlan + dwell + finalMilePlan) / DAY + slackDays) * DAY

	return {
		customer,
		factory,
		dc,
		useDc,
		mode,
		lineCarrier,
		fmCarrier,
		processing,
		lineHaulPlan,
		delayed,
		delay,
		issue,
		stale,
		verified,
		closed,
		t0,
		t1,
		t2,
		t3,
		t4,
		cancelAt,
		status,
		lastWritable,
		lineEstimate,
		fmEstimate,
		finalEstimate,
		delivered,
		promise,
	}
}
