/**
 * The public tracker's user-facing texts, in the spec's words (000 §2 "Public tracker
 * landing", "Public results", "Public timeline"; §8 error catalogue). Each lives here once.
 */
export const trackerTexts = {
	appName: 'Order Tracker',
	landingHeading: 'Track your order here!',
	organizationLabel: 'Organization',
	numberLabel: 'Order / Reference / Tracking Number',
	search: 'SEARCH',
	bothRequired: 'Please enter an organization and an order, reference or tracking number.',
	captchaFailed: 'Error in verifying captcha. Please try again.',
	captchaPrompt: 'Please confirm you are not a robot to see your results.',
	captchaTitle: 'One moment',
	tooManyRequests: 'Too many requests. Please wait a minute and try again.',
	searchResults: 'Search Results',
	searchResultsFor: 'Search Results for',
	orderTimeline: 'Order Timeline',
	backToSearch: 'Back to search page',
	destination: 'DESTINATION:',
	notAvailable: 'N/A',
	sortBy: 'Sort by',
	orderStatus: 'ORDER STATUS',
	nodes: 'Nodes',
	events: 'Events',
	filter: 'Filter',
	apply: 'Apply',
	noEvents: 'No Events.',
	noEventsAvailable: 'No events available',
	noAvailableUpdates: 'No available updates',
	noDescription: 'No Description',
	noLocationAvailable: 'No location available.',
	noLocationFound: 'No location found',
	trackingIdNotFound: 'Tracking ID not found',
	estimatedDeliveryDate: 'Estimated Delivery Date',
	showAllEvents: 'Show All Events',
	collapseEvents: 'Collapse Events',
	verified: 'MASTERCARD PROVENANCE VERIFIED',
	shipper: 'Shipper',
	consignee: 'Consignee',
	carrier: 'Carrier',
	trackingNumber: 'Tracking Number',
	trackingId: 'Tracking ID',
	estimatedDelivery: 'Estimated Delivery',
	previous: 'Previous',
	next: 'Next',
} as const

/** 000 §2 "Empty: 'No results found. Please contact support at an address on {host} if you need help.'" */
export function noResultsText(host: string): string {
	return `No results found. Please contact support at an address on ${host} if you need help.`
}

/** 000 §2 "Pagination: … text 'Showing results X-Y of N'". */
export function showingResultsText(from: number, to: number, total: number): string {
	return `Showing results ${from}-${to} of ${total}`
}

/** The intent of the results page's captcha form (its dialog posts it; the route's action checks it). */
export const CAPTCHA_INTENT = 'captcha'
