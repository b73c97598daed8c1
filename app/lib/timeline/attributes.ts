/**
 * Custom attribute values of the Order Details card (002 §3 "Custom attribute: ... date and
 * dateTime types are formatted"; §5 "Custom attribute values of datetime type are shown as
 * DD/MM/YYYY"; "Dates that cannot be parsed show 'N/A'").
 */
export function formatAttribute(value: string, dataType: string): string {
	if (dataType === 'datetime' || dataType === 'date') {
		const at = new Date(dataType === 'date' ? `${value}T00:00:00Z` : value)
		if (Number.isNaN(at.getTime())) return 'N/A'
		const dd = String(at.getUTCDate()).padStart(2, '0')
		const mm = String(at.getUTCMonth() + 1).padStart(2, '0')
		return `${dd}/${mm}/${at.getUTCFullYear()}`
	}
	if (dataType === 'string_array') {
		try {
			const list: unknown = JSON.parse(value)
			if (Array.isArray(list)) return list.map(String).join(', ')
		} catch {
			// not JSON: show as stored
		}
	}
	return value
}
