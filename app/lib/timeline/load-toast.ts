/**
 * 002 §8: "Timeline load failure: toast 'Internal Server Error' / 'Error fetching timeline.'
 * for 10 seconds." The loader returns this in its data as `toast`; the root renders it.
 */
export function timelineLoadToast() {
	return { type: 'error' as const, message: 'Internal Server Error', description: 'Error fetching timeline.', duration: 10_000 }
}
