import type { GuestStatus } from '#contracts/sharing/guest'

/**
 * The guest timeline's rules (000 §2 "Guest timeline", §4 "Timeline total-duration rule",
 * §8 guest rows, §9 "Guest map 325 px high; zoom 18 single location, 4 route"). Pure and
 * client-safe; the loader applies them and hands the page plain data.
 */

export const guestTexts = {
	invalidToken: 'Token expired or invalid parameters.',
	error: 'Error...',
	pending: 'Ship Set is currently waiting to be processed.',
	noLocation: 'No location available.',
	totalDuration: 'Total Duration',
	orderTimeline: 'Order Timeline',
	destination: 'DESTINATION:',
	notifications: 'Notifications',
	notificationLegend: 'Notify me about this order',
	save: 'Save',
	toastTitle: 'Notification Order',
	toastMessage: 'You have set notification',
} as const

/** 000 §2 "In-process text: 'Ship Set is currently in process at {building type}.'" */
export function inProcessText(buildingType: string | null | undefined): string {
	return buildingType
		? `Ship Set is currently in process at ${buildingType}.`
		: 'Ship Set is currently in process.'
}

/** 000 §2 "Four steps: pending, in process, on its way, delivered." */
const GUEST_STEPS: readonly { key: GuestStatus; label: string }[] = [
	{ key: 'pending', label: 'Pending' },
	{ key: 'in_process', label: 'In Process' },
	{ key: 'on_its_way', label: 'On Its Way' },
	{ key: 'delivered', label: 'Delivered' },
]

export type StepState = 'done' | 'current' | 'upcoming'

/**
 * 000 §2 "Steps before the current status show as done; 'delivered' marks every step
 * done." The step of the status itself is current (delivered: done as well).
 */
export function stepStates(
	status: GuestStatus,
): { key: GuestStatus; label: string; state: StepState }[] {
	const at = GUEST_STEPS.findIndex((s) => s.key === status)
	return GUEST_STEPS.map((s, i) => ({
		...s,
		state: status === 'delivered' || i < at ? 'done' : i === at ? 'current' : 'upcoming',
	}))
}

/** 000 §2 "The active tab is set to the order's status once loaded": `?step=` chooses another. */
export function activeStep(requested: string | null, status: GuestStatus): GuestStatus {
	return GUEST_STEPS.find((s) => s.key === requested)?.key ?? status
}

export interface GuestLinkParams {
	token: string
	email: string
	supplyChain: string
}

/**
 * A URL's query carries a guest link (timeline.tsx hands such a URL to the guest view): a
 * token, or type=restricted. A token with another type still shows the guest view, with
 * 000 §2's "'Token expired or invalid parameters.' when type is not restricted".
 */
export function isGuestQuery(url: URL): boolean {
	return url.searchParams.has('token') || url.searchParams.get('type') === 'restricted'
}

/**
 * What a link's value may hold: printable ASCII without spaces. Tokens (base64url), the
 * share flow's e-mails and supply-chain slugs all are; anything else (a control character,
 * a line break, a non-Latin letter) could not be sent as the spec's request headers.
 */
const LINK_VALUE = /^[\x21-\x7e]+$/

/**
 * The link's parameters (000 §2 "query type=restricted plus token, email and supply-chain
 * values"), or null when type is not restricted or one is missing or malformed (000 §8
 * "invalid parameters"). The supply chain is `supply_chain` (what guestLink writes);
 * `supplyChain` is taken too.
 */
export function guestLinkParams(query: URLSearchParams): GuestLinkParams | null {
	if (query.get('type') !== 'restricted') return null
	const token = query.get('token')?.trim()
	const email = query.get('email')?.trim()
	const supplyChain = (query.get('supply_chain') ?? query.get('supplyChain'))?.trim()
	if (
		!token ||
		!email ||
		!supplyChain ||
		![token, email, supplyChain].every((v) => LINK_VALUE.test(v))
	)
		return null
	return { token, email, supplyChain }
}

export type GuestFileKind = 'documents' | 'photos'

/**
 * The guest link to one of the order's files (002 §1 "open or download documents and view
 * photos"): the page's link parameters in the query (no fragment), inline for a thumbnail.
 */
export function guestFileHref(
	shipSetId: string,
	kind: GuestFileKind,
	fileId: string,
	search: URLSearchParams,
	inline = false,
): string {
	const link = guestLinkParams(search)
	const query = new URLSearchParams({
		type: 'restricted',
		token: link?.token ?? '',
		email: link?.email ?? '',
		supply_chain: link?.supplyChain ?? '',
	})
	if (inline) query.set('disposition', 'inline')
	return `/guest/${encodeURIComponent(shipSetId)}/${kind}/${encodeURIComponent(fileId)}?${query}`
}

/** How many photos a guest page shows at once (002 §9 "request limit 30"). */
export const GUEST_PHOTOS_PAGE = 30

/** `photos_offset` of a guest page as a page start: a multiple of 30, at least 0 (anything else is 0). */
export function guestPhotosOffset(raw: string | null): number {
	const n = Number(raw ?? 0)
	return Number.isFinite(n) && n > 0 ? Math.floor(n / GUEST_PHOTOS_PAGE) * GUEST_PHOTOS_PAGE : 0
}

/**
 * 000 §8 "Guest invalid token: 'Token expired or invalid parameters.'"; "Guest errors: The
 * server's error field, otherwise 'Error...'". The API refuses a bad link with 401.
 */
export function guestErrorText(status: number, serverError: string | null | undefined): string {
	if (status === 401 || status === 403 || status === 404) return guestTexts.invalidToken
	return serverError?.trim() || guestTexts.error
}

interface DurationEvent {
	title: string
	eventAt: string
	eventType: string
	staleAt: string | null
}

export type SectionKind = 'transit' | 'other'

/**
 * 000 §4 "Timeline total-duration rule: the span between the first and last non-info,
 * non-stale event, shown as days, hours and minutes. Section end-time: for the Transit
 * section the end is now if the latest event is 'In Transit', otherwise the latest event
 * time; for other sections the given end is used unless the event is 'Ended Monitoring';
 * 'Monitoring' means now." Minutes, or 0 when the section has no such events.
 */
export function sectionMinutes(
	events: readonly DurationEvent[],
	kind: SectionKind,
	now: Date,
): number {
	const counted = events
		.filter((e) => e.eventType !== 'info' && !e.staleAt && !Number.isNaN(Date.parse(e.eventAt)))
		.sort((a, b) => Date.parse(a.eventAt) - Date.parse(b.eventAt))
	const first = counted[0]
	const latest = counted.at(-1)
	if (!first || !latest) return 0
	const title = latest.title.trim().toLowerCase()
	const runsOn = kind === 'transit' ? title === 'in transit' : title === 'monitoring'
	const end = runsOn ? now.getTime() : Date.parse(latest.eventAt)
	return Math.max(0, Math.floor((end - Date.parse(first.eventAt)) / 60_000))
}

interface MapPoint<P> {
	/** 'S' shipper, 'C' consignee, null for a single location. */
	mark: 'S' | 'C' | null
	place: P
}

export interface MapView<P> {
	points: MapPoint<P>[]
	/** 000 §9 "zoom 18 single location, 4 route". */
	zoom: 18 | 4
}

/** A route from shipper to consignee when both are known, else the one location, else no map. */
export function mapView<P>(opts: {
	shipper?: P | null
	consignee?: P | null
	location?: P | null
}): MapView<P> | null {
	if (opts.shipper && opts.consignee) {
		return {
			zoom: 4,
			points: [
				{ mark: 'S', place: opts.shipper },
				{ mark: 'C', place: opts.consignee },
			],
		}
	}
	const single = opts.location ?? null
	return single ? { zoom: 18, points: [{ mark: null, place: single }] } : null
}
