/** 002 §8 and 001 §9 "Toast timeout 10 s": how long every timeline toast stays. */
export const TIMELINE_TOAST_MS = 10_000

/**
 * 002 §8: "Timeline load failure: toast 'Internal Server Error' / 'Error fetching timeline.'
 * for 10 seconds." The loader returns this in its data as `toast`; the root renders it.
 */
export function timelineLoadToast() {
	return {
		type: 'error' as const,
		message: 'Internal Server Error',
		description: 'Error fetching timeline.',
		duration: TIMELINE_TOAST_MS,
	}
}
