import { useEffect } from 'react'
import { useFetcher, useParams } from 'react-router'
import { onlyParamsChanged } from '~/lib/search-params'
import { parseTab } from './url'

/**
 * The parts of the timeline page that have a loader of their own (002 §2: the Comments tab, the
 * Historical Logs modal, the Shipment Details modal), each with the URL parameters it reads. Each
 * part's route (/timeline/{id}/{part}, nested in the layout) answers that part alone. A document
 * load reads every part the URL shows with the page; with JavaScript, a link that changes only a
 * part's parameters does not read the page again (the layout's shouldRevalidate asks
 * `layoutRereads`): the part's component reads its route with a fetcher (`useTimelinePart`).
 */
const TIMELINE_PARTS = {
	comments: ['comments_page'],
	logs: ['logs', 'logs_page'],
	shipments: ['shipment'],
} as const satisfies Record<string, readonly string[]>

type TimelinePart = keyof typeof TIMELINE_PARTS

/** What a part's loader answers: its data, and the key of the parameters it was read for. */
export interface PartRead<T> {
	key: string
	data: T
}

/** The values of a part's parameters in a query: two URLs with the same key show the same part. */
export function partKey(part: TimelinePart, params: URLSearchParams): string {
	return TIMELINE_PARTS[part].map((name) => params.getAll(name).join(',')).join('|')
}

/** Parameters no loader reads: the tab (but the Tracker tab's, below), an opened comment, the logs' time zone. */
const READ_BY_NO_LOADER = ['tab', 'comment', 'tz']
const NOT_READ_BY_PAGE = new Set<string>([
	...READ_BY_NO_LOADER,
	...Object.values(TIMELINE_PARTS).flat(),
])

/**
 * Whether moving from one timeline URL to another must read the whole page again: not when only
 * parts' own parameters (or parameters nobody reads) change and the next tab is not the Tracker
 * tab (whose sensor data the page reads); yes for anything else, and for the same URL again.
 */
export function layoutRereads(current: URL, next: URL): boolean {
	return (
		!onlyParamsChanged(current, next, NOT_READ_BY_PAGE) ||
		parseTab(next.searchParams.get('tab')) === 'tracker'
	)
}

/**
 * A part's data for the URL shown: the page's read when it is for these parameters, else (a link
 * with JavaScript, which did not read the page again) its route's, read with a fetcher; undefined
 * while that read runs (the part shows its placeholder).
 */
export function useTimelinePart<T>(
	part: TimelinePart,
	fromPage: PartRead<T> | null | undefined,
	search: string,
): T | undefined {
	const { shipSetId = '' } = useParams()
	const key = partKey(part, new URLSearchParams(search))
	const { data: fetched, load } = useFetcher<PartRead<T>>()
	const own = fromPage?.key === key ? fromPage : fetched?.key === key ? fetched : undefined
	useEffect(() => {
		if (!own) void load(`/timeline/${shipSetId}/${part}${search}`)
	}, [own, load, shipSetId, part, search])
	return own?.data
}
