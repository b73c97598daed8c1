import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useFetcher, useLocation, useNavigate, useNavigation } from 'react-router'
import {
	listTitle,
	moreHref,
	ongoingListKey,
	ongoingListUrl,
	parseOngoing,
	selectedBreach,
	type OngoingPlace,
	type OngoingState,
} from './ongoing'
import type { Breach, Keyed, OngoingDetail, OngoingList, OngoingRead } from './ongoing.server'
import { OngoingBreachDetail } from './ongoing-detail'
import { OngoingBreachList } from './ongoing-list'

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
 * The list with the pages 'Load more' appended (with JavaScript): each reads only the page from the
 * offset shown (`ongoingListUrl(…, offset)`), appends it and records the pages in the URL, which the
 * page does not read again (its shouldRevalidate); as the tabbed lists load theirs. A new read of the
 * list (another search, the page read again) starts from what it answers.
 */
function useMoreBreaches(
	place: OngoingPlace,
	key: string,
	base: OngoingList | undefined,
	state: OngoingState,
) {
	const { search } = useLocation()
	const navigate = useNavigate()
	const navigation = useNavigation()
	const step = useFetcher<Keyed<OngoingList>>()
	const [more, setMore] = useState({ base, items: [] as Breach[], total: 0 })
	const fresh = more.base === base && more.items.length > 0
	const list: OngoingList | undefined =
		base && fresh ? { ...base, items: [...base.items, ...more.items], total: more.total } : base
	const shown = list?.items.length ?? 0
	// Scrolling to the end and the link's click may both ask for the same page: it is asked for once.
	const asked = useRef<string | null>(null)
	useEffect(() => {
		const answer = step.data
		if (step.state !== 'idle' || !answer || answer.key !== key) return
		// A page that could not be read is not appended: 'Load more' stays, to try again.
		if (answer.data.failed) asked.current = null
		if (answer.data.failed || answer.data.offset !== shown) return
		const seen = new Set(list?.items.map((b) => b.breachedOrderId))
		setMore({
			base,
			items: [
				...(fresh ? more.items : []),
				...answer.data.items.filter((b) => !seen.has(b.breachedOrderId)),
			],
			total: answer.data.total,
		})
		// Unless the person is already going elsewhere: the URL is theirs.
		if (navigation.state === 'idle')
			void navigate(moreHref(search, state), { replace: true, preventScrollReset: true })
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
	}, [step.data, step.state])
	const { load: read } = step
	const load = useCallback(() => {
		const url = ongoingListUrl(place, search, shown)
		if (asked.current === `${key}|${shown}`) return
		asked.current = `${key}|${shown}`
		void read(url)
	}, [read, place, search, shown, key])
	return { list, load, loading: step.state !== 'idle' }
}

/**
 * Ongoing Breaches (001 §2 "Ongoing Breaches screen"): the list on the left, the selected breached
 * order on the right, in one section. Its state is the URL's (?breach, ?breach_q, ?breach_page):
 * without JavaScript every link and the search form load the page; with it the page is not read
 * again (its shouldRevalidate), the list and the detail read themselves, and 'Load more' reads only
 * the next page.
 */
export function OngoingBreaches({ place, initial }: { place: OngoingPlace; initial: OngoingRead }) {
	const { search } = useLocation()
	const state = parseOngoing(new URLSearchParams(search))
	const key = ongoingListKey(place, new URLSearchParams(search))
	const read = useOwnRead<OngoingList>(initial.list, key, ongoingListUrl(place, search), true)
	const more = useMoreBreaches(place, key, read.data, state)
	const listed = more.list && !more.list.failed ? more.list.items : null
	const selected = more.list ? selectedBreach(state, listed) : (initial.detail?.key ?? null)
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
				{listTitle(more.list?.total, read.loading)}
			</h2>
			<div className="breaches-ongoing__layout">
				<OngoingBreachList
					list={more.list}
					loading={read.loading}
					loadingMore={more.loading}
					loadMore={more.load}
					state={state}
					selected={selected}
				/>
				<OngoingBreachDetail selected={selected} detail={detail.data} loading={detail.loading} />
			</div>
		</section>
	)
}
