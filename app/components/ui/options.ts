import { holdsQuery } from '~/lib/text-match'

/** One choice of a Select, MultiSelect or Combobox. */
export interface Option {
	value: string
	label: string
}

/**
 * The options whose label holds the typed text (case, accents and surrounding spaces aside, so
 * 'zur' finds 'Zürich' and 'FEDEX' finds 'FedEx'), in their own order; all of them for no text.
 */
export function filterOptions(options: readonly Option[], query: string): Option[] {
	return query.trim() ? options.filter((o) => holdsQuery(o.label, query)) : [...options]
}
