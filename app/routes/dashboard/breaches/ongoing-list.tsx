import { useEffect, useId, useRef, useState, type UIEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import {
	affectedOrders,
	BREACH_QUERY_PARAM,
	hasMoreBreaches,
	moreHref,
	ONGOING_TEXTS,
	paramsOutsideOngoing,
	reportedFor,
	searchHref,
	SEARCH_DEBOUNCE_MS,
	selectHref,
	sensorTypesLabel,
	showsSearch,
	type OngoingState,
} from './ongoing'
import type { Breach, OngoingList } from './ongoing.server'

/** How close to the list's end a scroll loads more (px). */
const NEAR_END = 48

/**
 * The left column of Ongoing Breaches (001 §2 "List"): the 'Search Order #' box (a GET form; with
 * JavaScript it searches by itself 500 ms after the typing stops), the items (each a link that
 * selects it) and 'Load more' (a link to one page more; with JavaScript the link, or scrolling to the
 * list's end, reads only that page: `loadMore`).
 */
export function OngoingBreachList({
	list,
	loading,
	loadingMore,
	loadMore,
	state,
	selected,
}: {
	list: OngoingList | undefined
	loading: boolean
	loadingMore: boolean
	loadMore: () => void
	state: OngoingState
	selected: string | null
}) {
	const { search } = useLocation()
	const [typing, setTyping] = useState(false)
	const busy = loading || typing
	const items = list?.items ?? []
	const more =
		list && !list.failed && hasMoreBreaches(items.length, list.total)
			? moreHref(search, state)
			: null
	const onScroll = (event: UIEvent<HTMLElement>) => {
		const el = event.currentTarget
		if (
			more &&
			!busy &&
			!loadingMore &&
			el.scrollTop + el.clientHeight >= el.scrollHeight - NEAR_END
		)
			loadMore()
	}
	return (
		<div className="breach-list">
			{showsSearch(list?.total, state.q) ? (
				<SearchBox query={state.q} onTyping={setTyping} />
			) : null}
			<p className="visually-hidden" role="status">
				{busy || loadingMore ? 'Loading ongoing breaches…' : ''}
			</p>
			<div className="breach-list__scroll" aria-busy={busy || loadingMore} onScroll={onScroll}>
				{list?.failed ? (
					<EmptyState>
						{ONGOING_TEXTS.empty}{' '}
						<span className="breach-list__failed">({ONGOING_TEXTS.failed})</span>
					</EmptyState>
				) : items.length === 0 ? (
					list ? (
						<EmptyState>{ONGOING_TEXTS.empty}</EmptyState>
					) : null
				) : (
					<ul className="breach-list__items" aria-label="Ongoing breached orders">
						{items.map((b) => (
							<BreachItem
								key={b.breachedOrderId}
								breach={b}
								href={selectHref(search, b.breachedOrderId)}
								current={b.breachedOrderId === selected}
							/>
						))}
					</ul>
				)}
				{more ? (
					<p className="load-more breach-list__more">
						<Link
							to={more}
							replace
							preventScrollReset
							aria-disabled={busy || loadingMore || undefined}
							onClick={(e) => {
								e.preventDefault()
								if (!busy && !loadingMore) loadMore()
							}}
						>
							{busy || loadingMore ? 'Loading…' : 'Load more'}
						</Link>
					</p>
				) : null}
			</div>
		</div>
	)
}

/** One item: shipment, device type, 'Reported for …', the orders affected and the sensor types. */
function BreachItem({ breach, href, current }: { breach: Breach; href: string; current: boolean }) {
	const orders = affectedOrders(breach.shipSets)
	return (
		<li className="breach-item">
			<Link
				to={href}
				replace
				preventScrollReset
				className="breach-item__link"
				aria-current={current ? 'true' : undefined}
			>
				<span className="breach-item__shipment">{breach.shipmentName}</span>
				{breach.deviceTypeName ? (
					<span className="breach-item__device">{breach.deviceTypeName}</span>
				) : null}
				<span className="breach-item__reported">{reportedFor(breach.item)}</span>
				<span className="breach-item__orders">
					{orders.shown.map((o) => o.name).join(', ')}
					{orders.more ? ` ${orders.more}` : null}
				</span>
				<span className="breach-item__sensors">{sensorTypesLabel(breach.sensorTypes)}</span>
			</Link>
		</li>
	)
}

/**
 * 'Search Order #' (001 §4 steps 3–4): a GET form of `breach_q` keeping the page's other parameters,
 * so that without JavaScript 'Search' loads the page with the filtered list and its first result
 * selected. With JavaScript typing shows a loading state and, 500 ms after it stops, the filtered
 * list is read (an empty text returns to the whole list).
 */
function SearchBox({ query, onTyping }: { query: string; onTyping: (typing: boolean) => void }) {
	const { pathname, search } = useLocation()
	const navigate = useNavigate()
	const hydrated = useHydrated()
	const id = useId()
	const [text, setText] = useState(query)
	// The text this box last searched for: a URL that changes to another (back, a link) is shown in the box.
	const sent = useRef(query)
	const latest = useRef({ search, query })
	latest.current = { search, query }
	useEffect(() => {
		if (query !== sent.current) {
			sent.current = query
			setText(query)
		}
	}, [query])
	// Typed but not searched yet: the list shows its loading state (001 §4 step 3).
	const typing = text.trim() !== query
	useEffect(() => onTyping(typing), [typing, onTyping])
	const go = (value: string) => {
		sent.current = value.trim()
		void navigate(searchHref(latest.current.search, value), {
			replace: true,
			preventScrollReset: true,
		})
	}
	useEffect(() => {
		if (text.trim() === latest.current.query) return
		const timer = setTimeout(() => go(text), SEARCH_DEBOUNCE_MS)
		return () => clearTimeout(timer)
		// Only typing starts the wait; a URL that changes by itself does not search again.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [text])
	return (
		<form
			method="get"
			action={pathname}
			role="search"
			className="breach-search"
			onSubmit={(event) => {
				event.preventDefault()
				if (text.trim() !== query) go(text)
			}}
		>
			{paramsOutsideOngoing(search).map(([name, value], i) => (
				<input key={`${name}-${i}`} type="hidden" name={name} value={value} />
			))}
			<label htmlFor={id} className="breach-search__label">
				{ONGOING_TEXTS.search}
			</label>
			<div className="breach-search__row">
				<input
					id={id}
					type="search"
					name={BREACH_QUERY_PARAM}
					value={text}
					maxLength={100}
					autoComplete="off"
					placeholder={ONGOING_TEXTS.search}
					className="breach-search__input"
					onChange={(event) => setText(event.currentTarget.value)}
				/>
				{hydrated ? null : (
					<Button type="submit" size="small">
						Search
					</Button>
				)}
			</div>
		</form>
	)
}
