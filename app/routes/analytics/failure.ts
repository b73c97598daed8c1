/** 000 §8 "Analytics failure: Toast titled 'Error fetching analytics.' with message 'Internal Server Error' for 10 s; page text 'Unable to display Analytics, please contact support.'" */
export const ANALYTICS_FAILURE_TEXT = 'Unable to display Analytics, please contact support.'
/** 000 §8 "analytics and timeline toasts last 10 s"; §9 "Toast timeout … 10 s (analytics, timeline)". */
export const ANALYTICS_TOAST_MS = 10_000

export function analyticsFailureToast() {
	return {
		type: 'error' as const,
		message: 'Error fetching analytics.',
		description: 'Internal Server Error',
		duration: ANALYTICS_TOAST_MS,
	}
}
