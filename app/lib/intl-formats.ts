/** Numbers as the dashboard and analytics print them (dates: ./dates). */
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** "chart label has a $ sign for delivery value" (001 §9): 1234.5 → '$1,234.50'. The dashboard's and analytics' money. */
export function dollars(value: number): string {
	return DOLLARS.format(value)
}

const SHORT_DOLLARS = new Intl.NumberFormat('en-US', {
	style: 'currency',
	currency: 'USD',
	notation: 'compact',
	minimumFractionDigits: 0,
	maximumFractionDigits: 1,
})

/** Money on a chart's axis, short enough for its ticks to sit side by side: 20000 → '$20K', 1250000 → '$1.3M'. */
export function shortDollars(value: number): string {
	return SHORT_DOLLARS.format(value)
}
