import type { Route } from './+types/advanced-search-route'
import { redirect, useLocation } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { ResultsTable } from './results-table'
import { SearchForm, type SearchLists } from './search-form'
import { pageTitle } from '~/lib/shell-texts'
import { headerSearchTarget } from '~/lib/shell'
import {
	AdvancedSearchFormSchema,
	apiFilters,
	formValues,
	isEmptySearch,
	isSearchableText,
	variantParams,
} from './form'
import {
	DOWNLOAD_PARAM,
	TEXTS,
	downloadPageHref,
	exportHref,
	exportMessage,
	pageCount,
	parsePaging,
	searchWithoutDownload,
	withParams,
	type Paging,
} from './results'
import { requireScm } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { loadToggles } from '~/services/toggles.server'
import searchStylesHref from './search.css?url'

/**
 * /advanced_search (optional query qs_query_string): the filter form and the paged
 * results table (000 §2 "Advanced Search", §4 "Search", §5).
 *
 * - qs_query_string (the header search): a quick search runs; one matching order opens
 *   its timeline, several prefill the form on whichever of order, reference or tracking
 *   number matched and list them.
 * - Otherwise the form's fields are the URL's (a GET form); a valid, non-empty form
 *   searches. An invalid one (a custom order detail without its pair) shows '*Required'.
 */
export const meta: Route.MetaFunction = ({ data }) => [
	{ title: pageTitle(TEXTS.title) },
	// The no-JavaScript export (see exportMessage): this page shows the message, the refresh downloads the file.
	...(data?.download ? [{ httpEquiv: 'refresh', content: `0;url=${data.download}` }] : []),
]
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: searchStylesHref }]

const EMPTY_LISTS: SearchLists = {
	carriers: [],
	conveyanceTypes: [],
	tags: [],
	orderLocations: [],
	originLocations: [],
	customAttributeTypes: [],
}

const pagingQuery = (p: Paging) => ({
	page_no: p.page,
	per_page: p.perPage,
	order: p.order,
	order_by: p.orderBy,
})

export async function loader({ request, context }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	const url = new URL(request.url)
	const query = url.searchParams.get('qs_query_string')
	// The header search without JavaScript: "Submitting trims the text ... Empty input is ignored."
	if (query !== null && query !== query.trim()) {
		const target = headerSearchTarget(query)
		throw redirect(target ?? '/advanced_search')
	}
	// 000 §2: the older "/advanced_search?searchNumber={text} ... ends as ?qs_query_string={trimmed text}".
	const older = url.searchParams.get('searchNumber')
	if (older !== null) throw redirect(headerSearchTarget(older) ?? '/advanced_search')
	const toggles = await loadToggles(context, user.profile.account)
	const variant: 'new' | 'old' = toggles.customOrderDetailSearch ? 'new' : 'old'
	const paging = parsePaging(url.searchParams)

	const listsPromise = withCatalogue(
		request,
		context,
		async (): Promise<SearchLists> => {
			const lists = await scm.search.formLists()
			return {
				carriers: lists.carrierNames,
				conveyanceTypes: lists.conveyanceTypes,
				tags: lists.tags,
				orderLocations: lists.orderLocations,
				originLocations: lists.originLocations,
				// The older form has no custom order details.
				customAttributeTypes: variant === 'new' ? lists.customAttributeTypes : [],
			}
		},
		EMPTY_LISTS,
	)

	/** A page past the last (a stale bookmark, a hand-edited URL) shows the last page instead of an empty table. */
	const pastLast = (count: number | undefined) => {
		const last = pageCount(count ?? 0, paging.perPage)
		if (count && paging.page > last)
			throw redirect(`${url.pathname}${withParams(url.search, { page_no: last })}`)
	}
	const downloading = url.searchParams.get(DOWNLOAD_PARAM) === '1'
	/** With download=1 and something to export: the file's URL and the flash message. */
	const exporting = (count: number | undefined) =>
		downloading && count
			? {
					download: exportHref(url.search),
					toast: {
						type: 'info' as const,
						message: 'Export started',
						description: exportMessage(count),
					},
				}
			: { download: null, toast: null }
	// A number the API would refuse (too long, a NUL) is not searched: the form shows it under Order No. with the field's message.
	const refused = query !== null && !isSearchableText(query)
	if (query && !refused) {
		const { data, toast } = await withCatalogue(
			request,
			context,
			() => scm.search.quick({ qs_query_string: query, ...pagingQuery(paging) }),
			null,
		)
		const only = data?.shipSetCount === 1 ? data.shipSets[0] : undefined
		if (only) throw redirect(`/timeline/${encodeURIComponent(only.shipSetId)}`)
		pastLast(data?.count)
		const lists = await listsPromise
		const exported = exporting(data?.count)
		return {
			variant,
			localShipmentDate: toggles.shipmentDateLocalTimezoneFix,
			values: { [data?.matchedOn ?? 'order_number']: query },
			lastResult: null,
			results: data ? { rows: data.shipSets, count: data.count } : null,
			paging,
			download: exported.download,
			lists: lists.data,
			toast: toast ?? lists.toast ?? exported.toast,
		}
	}

	const params = refused
		? new URLSearchParams({ order_number: query })
		: variantParams(url.searchParams, variant)
	const values = formValues(params)
	const submission = parseWithZod(params, { schema: AdvancedSearchFormSchema })
	let results: {
		rows: never[] | Awaited<ReturnType<typeof scm.search.advanced>>['data']
		count: number
	} | null = null
	let toast = null
	if (!isEmptySearch(values) && submission.status === 'success') {
		const found = await withCatalogue(
			request,
			context,
			() => scm.search.advanced({ ...apiFilters(submission.value), ...pagingQuery(paging) }),
			null,
		)
		results = found.data ? { rows: found.data.data, count: found.data.count } : null
		toast = found.toast
		pastLast(results?.count)
	}
	const lists = await listsPromise
	const exported = exporting(results?.count)
	return {
		variant,
		localShipmentDate: toggles.shipmentDateLocalTimezoneFix,
		values,
		lastResult: submission.status === 'error' ? submission.reply() : null,
		results,
		paging,
		download: exported.download,
		lists: lists.data,
		toast: toast ?? lists.toast ?? exported.toast,
	}
}

export default function AdvancedSearch({ loaderData }: Route.ComponentProps) {
	const { variant, values, lastResult, results, paging, lists, localShipmentDate } = loaderData
	const location = useLocation()
	const search = searchWithoutDownload(location.search)
	const keep: Record<string, string> = {}
	if (paging.perPage !== 10) keep.per_page = String(paging.perPage)
	if (paging.order !== 'order_number' || paging.orderBy !== 'asc')
		Object.assign(keep, { order: paging.order, order_by: paging.orderBy })
	return (
		<div className="advanced-search">
			<Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: TEXTS.title }]} />
			<h1>{TEXTS.title}</h1>
			<section aria-labelledby="filters-heading">
				<h2 id="filters-heading">{TEXTS.heading}</h2>
				{/* Remounted on every navigation, even to the same URL (its fields are uncontrolled, filled from
				    the URL): Clear Filter on /advanced_search empties what was typed and is pristine again. */}
				<SearchForm
					key={location.key}
					values={values}
					lastResult={lastResult}
					lists={lists}
					variant={variant}
					keep={keep}
				/>
			</section>
			{results ? (
				<ResultsTable
					rows={results.rows}
					count={results.count}
					paging={paging}
					search={search}
					exportHref={exportHref(search)}
					downloadHref={downloadPageHref(search)}
					localShipmentDate={localShipmentDate}
				/>
			) : null}
		</div>
	)
}
