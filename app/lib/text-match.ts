/** Text for matching what a user types: accents dropped, lower case ('Zürich' → 'zurich'). */
function foldText(text: string): string {
	return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** Whether `text` holds what was typed (surrounding spaces ignored); an empty query holds nothing. */
export function holdsQuery(text: string, query: string): boolean {
	const q = foldText(query.trim())
	return q !== '' && foldText(text).includes(q)
}
