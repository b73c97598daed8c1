/** One choice of a Select, MultiSelect or Combobox. */
export interface Option {
	value: string
	label: string
}

/** Case- and accent-insensitive, so 'zur' finds 'Zürich' and 'FEDEX' finds 'FedEx'. */
function fold(text: string): string {
	return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The options whose label holds the typed text (surrounding spaces ignored), in their own order. */
export function filterOptions(options: readonly Option[], query: string): Option[] {
	const q = fold(query.trim())
	return q ? options.filter((o) => fold(o.label).includes(q)) : [...options]
}
