/** Numbers as the dashboard and analytics print them (dates: ./dates). */
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** "chart label has a $ sign for delivery value" (001 §9): 1234.5 → '$1,234.50'. The dashboard's and analytics' money. */
export function dollars(value: number): string {
	return DOLLARS.format(value)
}
