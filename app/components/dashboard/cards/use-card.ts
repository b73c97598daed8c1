import { useSelfRead } from '~/lib/self-reads'
import { CARD_READS, cardKey, type CardName, type CardRead } from '~/lib/dashboard/cards'

/** The URL of a card's own read: its route with only the parameters it owns. */
export function cardUrl(card: CardName, search: string): string {
	const all = new URLSearchParams(search)
	const own = new URLSearchParams()
	for (const name of CARD_READS[card]) for (const value of all.getAll(name)) own.append(name, value)
	const q = own.toString()
	return `/dashboard/cards/${card}${q ? `?${q}` : ''}`
}

/**
 * A card's data for the URL shown (001 §4 "each widget refetches when its filters change"): the
 * page's own read when it was for these parameters, else (a filter or page changed with
 * JavaScript, which does not read the page again: see `cardsRereads`) a read of the card's route
 * alone; undefined while that read runs (the card shows its placeholder rows).
 */
export function useCard<T>(card: CardName, fromPage: CardRead<T> | null | undefined, search: string): T | undefined {
	return useSelfRead(fromPage, cardKey(card, new URLSearchParams(search)), cardUrl(card, search))
}
