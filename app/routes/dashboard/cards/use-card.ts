import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { CARD_PARAMS, cardKey, type CardName, type CardRead } from './cards'

/** The URL of a card's own read: its route with only the parameters it owns. */
function cardUrl(card: CardName, search: string): string {
	const all = new URLSearchParams(search)
	const own = new URLSearchParams()
	for (const name of CARD_PARAMS[card])
		for (const value of all.getAll(name)) own.append(name, value)
	const q = own.toString()
	return `/dashboard/cards/${card}${q ? `?${q}` : ''}`
}

/**
 * A card's data for the URL shown (001 §4 "each widget refetches when its filters change"): the
 * page's read when it was for these parameters, else (a filter or page changed with JavaScript,
 * which does not read the page again: see `cardsRereads`) its route's, read with a fetcher;
 * undefined while that read runs (the card shows its placeholder rows).
 */
export function useCard<T>(
	card: CardName,
	fromPage: CardRead<T> | null | undefined,
	search: string,
): T | undefined {
	const key = cardKey(card, new URLSearchParams(search))
	const url = cardUrl(card, search)
	const { data: fetched, load } = useFetcher<CardRead<T>>()
	const own = fromPage?.key === key ? fromPage : fetched?.key === key ? fetched : undefined
	useEffect(() => {
		if (!own) void load(url)
	}, [own, load, url])
	return own?.data
}
