import { Tabs } from '~/components/ui/tabs'
import { analyticsCategories } from './categories'
import type { AnalyticsPageData } from './page.server'
import { PowerBiReport } from './power-bi'
import { FreightCostReport } from './report'

/**
 * The analytics screen (000 §2 "Analytics"): with the v2 toggle on, at /analytics/{category} under
 * the tab strip ('Freight Cost' highlighted); with it off, at /analytics, the same report without
 * the strip. Power BI's report when configured, else the built-in freight-cost report.
 */
export function AnalyticsScreen({
	data,
	path,
	category,
}: {
	data: AnalyticsPageData
	path: string
	category: string | null
}) {
	return (
		<div className="analytics">
			<h1>Analytics</h1>
			{category ? (
				<Tabs
					label="Analytics reports"
					items={analyticsCategories.map((c) => ({
						to: `/analytics/${c.slug}`,
						label: c.label,
						current: c.slug === category,
					}))}
				/>
			) : null}
			<section aria-label="Freight Cost" className="report">
				{data.mode === 'powerbi' ? (
					<PowerBiReport path="/analytics/freight-cost" />
				) : (
					<FreightCostReport
						path={path}
						filters={data.filters}
						errors={data.errors}
						report={data.report}
						failed={data.failed}
					/>
				)}
			</section>
		</div>
	)
}
