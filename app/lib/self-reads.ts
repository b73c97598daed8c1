import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'

/**
 * Parts of a page that read themselves (the timeline's Comments tab, Historical Logs and Shipment
 * Details; the widget page's widgets; the card dashboard's cards): each owns some URL parameters
 * and has a route whose loader reads that part alone. A document load reads every part with the
 * page; with JavaScript, a link or filter that changes only a part's own parameters does not read
 * the page again (the page's `shouldRevalidate` asks `pageRereads`), and the part's component
 * reads its route (`useSelfRead`).
 */

/** What a part's loader answers: its data, and the key of the parameters it was read for. */
export interface SelfRead<T> {
	key: string
	data: T
}

/** The values of `params` in a query, as one string: two URLs with the same key show the same part. */
export function readKey(params: readonly string[], query: URLSearchParams): string {
	return params.map((name) => query.getAll(name).join(',')).join('|')
}

/**
 * Whether going from `current` to `next` must read the whole page again: yes for another path, for
 * the same URL again (a reload, a revalidation after a post) and when a parameter that no part
 * owns changed; no when only parameters in `ownedByParts` changed.
 */
export function pageRereads(current: URL, next: URL, ownedByParts: ReadonlySet<string>): boolean {
	if (current.pathname !== next.pathname) return true
	const keys = new Set([...current.searchParams.keys(), ...next.searchParams.keys()])
	const changed = [...keys].filter((k) => current.searchParams.getAll(k).join('\n') !== next.searchParams.getAll(k).join('\n'))
	if (changed.length === 0) return true
	return !changed.every((k) => ownedByParts.has(k))
}

/**
 * A part's data for the URL shown: the page's own read when it was for this key, else a read of
 * `url` (the part's route) once per URL; undefined while that read runs (the part shows its
 * placeholder).
 */
export function useSelfRead<T>(fromPage: SelfRead<T> | null | undefined, key: string, url: string): T | undefined {
	const fetcher = useFetcher<SelfRead<T>>()
	const own = fromPage?.key === key ? fromPage : undefined
	const fetched = fetcher.data?.key === key ? fetcher.data : undefined
	const requested = useRef<string | null>(null)
	useEffect(() => {
		if (own || fetched || requested.current === url) return
		requested.current = url
		fetcher.load(url)
	}, [own, fetched, url, fetcher])
	return (own ?? fetched)?.data
}
