import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import {
	listTitle,
	ONGOING_LIST_PARAMS,
	ongoingListKey,
	parseOngoing,
	selectedBreach,
	type OngoingPlace,
} from './ongoing'
import type { Keyed, OngoingDetail, OngoingList, OngoingRead } from './ongoing.server'
import { OngoingBreachDetail } from './ongoing-detail'
import { OngoingBreachList } from './ongoing-list'

/** Where the list reads itself: /dashboard/breaches/ongoing with its own parameters and its place (page size). */
function ongoingListUrl(place: OngoingPlace, search: string): string {
	const from = new URLSearchParams(search)
	const q = new URLSearchParams({ place })
	for (const name of ONGOING_LIST_PARAMS) for (const v of from.getAll(name)) q.append(name, v)
	return `/dashboard/breaches/ongoing?${q}`
}

/**
 * A part's data for `key`: the page's read when it was for this key, else its own route's (`url`),
 * read once per URL. `kept`: while a new read runs, the last data stays shown (marked loading), so
 * that a longer list or a search does not blank what is on screen.
 */
function useOwnRead<T>(
	fromPage: Keyed<T> | null | undefined,
	key: string | null,
	url: string | null,
	kept: boolean,
) {
	const fetcher = useFetcher<Keyed<T>>()
	const own = key !== null && fromPage?.key === key ? fromPage : undefined
	const fetched = key !== null && fetcher.data?.key === key ? fetcher.data : undefined
	const requested = useRef<string | null>(null)
	const { load } = fetcher
	useEffect(() => {
		if (!url || own || fetched || requested.current === url) return
		requested.current = url
		void load(url)
	}, [own, fetched, url, load])
	const current = own ?? fetched
	const [last, setLast] = useState(current)
	if (current && current !== last) setLast(current)
	return { data: (current ?? (kept ? last : undefined))?.data, loading: key !== null && !current }
}

/**
 * Ongoing Breaches (001 §2 "Ongoing Breaches screen"): the list on the left, the selected breached
 * order on the right, in one section. Its state is the URL's (?breach, ?breach_q, ?breach_page):
 * without JavaScript every link and the search form load the page; with it the page is not read
 * again (its shouldRevalidate) and the list and the detail read themselves.
 */
export function OngoingBreaches({ place, initial }: { place: OngoingPlace; initial: OngoingRead }) {
	const { search } = useLocation()
	const state = parseOngoing(new URLSearchParams(search))
	const list = useOwnRead<OngoingList>(
		initial.list,
		ongoingListKey(place, new URLSearchParams(search)),
		ongoingListUrl(place, search),
		true,
	)
	const listed = list.data && !list.data.failed ? list.data.items : null
	const selected = list.data ? selectedBreach(state, listed) : (initial.detail?.key ?? null)
	const detail = useOwnRead<OngoingDetail>(
		initial.detail,
		selected,
		selected ? `/dashboard/breaches/ongoing/${selected}` : null,
		false,
	)
	const titleId = useId()
	return (
		<section className={`breaches-ongoing breaches-ongoing--${place}`} aria-labelledby={titleId}>
			<h2 id={titleId} className="breaches-ongoing__title">
				{listTitle(list.data?.total, list.loading)}
			</h2>
			<div className="breaches-ongoing__layout">
				<OngoingBreachList
					list={list.data}
					loading={list.loading}
					state={state}
					selected={selected}
				/>
				<OngoingBreachDetail selected={selected} detail={detail.data} loading={detail.loading} />
			</div>
		</section>
	)
}
