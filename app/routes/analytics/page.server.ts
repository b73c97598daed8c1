import type { AppLoadContext } from 'react-router'
import { FreightCostQuery, type FreightCostReport } from '#contracts/analytics/analytics'
import type { ToastView } from '~/components/toaster'
import { analyticsFailureToast } from './failure'
import { hasAnalyticsAccess } from '~/services/auth/access'
import type { Camelize } from '~/lib/camelize'
import { requireScm } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { redirect } from 'react-router'

export type Report = Camelize<FreightCostReport>

/** The filters as typed (the form shows them back, valid or not). */
export interface ReportFilters {
	from: string
	to: string
	carrier: string
	lane: string
}

export type AnalyticsPageData =
	| { mode: 'powerbi'; toast: null }
	| {
			mode: 'builtin'
			filters: ReportFilters
			/** Field errors of the filters; the report is not read while they err. */
			errors: Partial<Record<keyof ReportFilters, string[]>> | null
			report: Report | null
			failed: boolean
			toast: ToastView | null
	  }

export function readFilters(url: URL): ReportFilters {
	const q = url.searchParams
	const value = (name: string) => (q.get(name) ?? '').trim().slice(0, 400)
	return { from: value('from'), to: value('to'), carrier: value('carrier'), lane: value('lane') }
}

/**
 * The analytics page's data, for /analytics/{category} (toggle on) and /analytics (toggle off):
 * "Analytics requires CORE.ANALYTICS; without it the user goes to /404" (000 §6). With Power BI
 * configured the page embeds its report (the browser fetches the token, 000 §4); otherwise the
 * built-in freight-cost report is read with the URL's filters. A failed read keeps the page with
 * "Unable to display Analytics, please contact support." and the toast 'Error fetching analytics.'
 * / 'Internal Server Error' for 10 s (000 §8 "Analytics failure"); a 401 still restarts sign-in and
 * a 403 still goes to /403 (000 §8).
 */
export async function loadAnalyticsPage(
	request: Request,
	context: AppLoadContext,
): Promise<AnalyticsPageData> {
	const { user, scm } = await requireScm(request, context)
	if (!hasAnalyticsAccess(user.profile.permissions)) throw redirect('/404')
	if (context.powerBiEmbed) return { mode: 'powerbi', toast: null }

	const url = new URL(request.url)
	const filters = readFilters(url)
	const parsed = FreightCostQuery.safeParse(filters)
	if (!parsed.success) {
		const errors: Partial<Record<keyof ReportFilters, string[]>> = {}
		for (const issue of parsed.error.issues) {
			const field = issue.path[0] as keyof ReportFilters
			;(errors[field] ??= []).push(issue.message)
		}
		return { mode: 'builtin', filters, errors, report: null, failed: false, toast: null }
	}
	// The catalogue's sign-in on 401 and /403 on 403 (000 §8) hold here as on every page; any other
	// failure is the analytics failure, with its own toast.
	const { data: report, toast } = await withCatalogue(
		request,
		context,
		() => scm.analytics.freightCost(parsed.data),
		null,
	)
	if (toast || !report)
		return {
			mode: 'builtin',
			filters,
			errors: null,
			report: null,
			failed: true,
			toast: analyticsFailureToast(),
		}
	return { mode: 'builtin', filters, errors: null, report, failed: false, toast: null }
}
