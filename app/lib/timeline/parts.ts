import { useParams } from 'react-router'
import { pageRereads, readKey, useSelfRead, type SelfRead } from '~/lib/self-reads'
import { parseTab } from './url'

/**
 * The parts of the timeline page that have a read of their own (002 §2: the Comments tab, the
 * Historical Logs modal, the Shipment Details modal), each with the URL parameters it reads. Each
 * part's route (/timeline/{id}/{part}) has a loader for that read alone. A document load reads
 * every part the URL shows with the page; a link that changes only a part's parameters (with
 * JavaScript) does not read the page again: the part's component reads its route.
 */
export const PART_READS = {
	comments: ['comments_page'],
	logs: ['logs', 'logs_page'],
	shipments: ['shipment'],
} as const satisfies Record<string, readonly string[]>

export type TimelinePart = keyof typeof PART_READS

/** What a part's loader answers: its data, and the values of the parameters it was read for. */
export type PartRead<T> = SelfRead<T>

/** The values of a part's parameters in a query: two URLs with the same key show the same part. */
export function partKey(part: TimelinePart, params: URLSearchParams): string {
	return readKey(PART_READS[part], params)
}

/** Parameters no read depends on: the tab (see layoutRereads), an opened comment, the logs' time zone. */
const READ_BY_NONE = ['tab', 'comment', 'tz']
const NOT_READ_BY_PAGE = new Set<string>([...READ_BY_NONE, ...Object.values(PART_READS).flat()])

/**
 * Whether moving from one timeline URL to another must read the whole page again: not when only
 * parts' own parameters (or parameters nobody reads) change and the next tab is not the Tracker
 * tab (whose sensor data the page reads); yes for anything else, and for the same URL again.
 */
export function layoutRereads(current: URL, next: URL): boolean {
	return pageRereads(current, next, NOT_READ_BY_PAGE) || parseTab(next.searchParams.get('tab')) === 'tracker'
}

/**
 * A part's data for the URL shown: the page's own read when it is for these parameters, else
 * (a link with JavaScript, which did not read the page again) a read of the part's route alone;
 * undefined while that read runs.
 */
export function useTimelinePart<T>(part: TimelinePart, fromPage: PartRead<T> | null | undefined, search: string): T | undefined {
	const { shipSetId = '' } = useParams()
	return useSelfRead(fromPage, partKey(part, new URLSearchParams(search)), `/timeline/${shipSetId}/${part}${search}`)
}
