/**
 * The guest link's rules (000 §2 "Guest timeline", §8 guest rows): its texts, its query, its
 * file links and photo pages. Pure and client-safe.
 */

export const guestTexts = {
	invalidToken: 'Token expired or invalid parameters.',
	error: 'Error...',
	pending: 'Ship Set is currently waiting to be processed.',
	orderTimeline: 'Order Timeline',
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
