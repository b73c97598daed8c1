/**
 * The analytics tab strip (000 section 2, Analytics): one entry, 'Freight Cost',
 * at path freight-cost.
 */
export const analyticsCategories = [{ slug: 'freight-cost', label: 'Freight Cost' }] as const

type AnalyticsCategory = (typeof analyticsCategories)[number]

export const DEFAULT_ANALYTICS_CATEGORY = analyticsCategories[0].slug

export function findAnalyticsCategory(slug: string | undefined): AnalyticsCategory | undefined {
	return analyticsCategories.find((category) => category.slug === slug)
}
