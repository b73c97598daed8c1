import { useParams } from 'react-router'
import { readKey, useSelfRead, type SelfRead } from '~/lib/self-reads'
import { PART_READS } from '~/lib/rereads'

/**
 * The parts of the timeline page that have a read of their own (002 §2: the Comments tab, the
 * Historical Logs modal, the Shipment Details modal), each with the URL parameters it reads. Each
 * part's route (/timeline/{id}/{part}) has a loader for that read alone. A document load reads
 * every part the URL shows with the page; a link that changes only a part's parameters (with
 * JavaScript) does not read the page again: the part's component reads its route.
 */
export { PART_READS, layoutRereads } from '~/lib/rereads'

export type TimelinePart = keyof typeof PART_READS

/** What a part's loader answers: its data, and the values of the parameters it was read for. */
export type PartRead<T> = SelfRead<T>

/** The values of a part's parameters in a query: two URLs with the same key show the same part. */
export function partKey(part: TimelinePart, params: URLSearchParams): string {
	return readKey(PART_READS[part], params)
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
