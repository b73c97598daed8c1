import { z } from '@hono/zod-openapi'

/**
 * The dashboard's widgets (001 §2 "Widget-page widgets" and "Newer card dashboard widgets",
 * §3 entities, §7 calls, §9 constants). Wire names are snake_case; the web client camelizes.
 * Every aggregate is one supply chain's (the caller's X-Supply-Chain), computed by the database
 * from rollups kept in the same transaction as the writes that change them.
 */

/** 001 §9: Average Order Time and the Overview card, 1, 3, 6 or 12 months (default 12). */
export const ORDER_TIME_MONTHS = [1, 3, 6, 12] as const
/** 001 §9: Carrier Performance on the widget page, 3, 6 or 12 months (default 6). */
export const CARRIER_MONTHS = [3, 6, 12] as const
/** 001 §9: timeframes of Orders Without Updates and Order Exceptions, in days (default 2). */
export const TIMEFRAME_DAYS = [1, 2, 3, 7, 14] as const
/** 001 §9: conveyance types Ground 0, Air 1, Ocean 2 (default Ground). */
export const CONVEYANCE_CODES = [0, 1, 2] as const
/** 001 §2: the card dashboard's Carrier Performance duration (default Month). */
export const DURATIONS = ['month', 'quarter', 'year'] as const
/** 001 §9: the Issues Log colours issues by age of 1, 3 and 5 days. */
export const ISSUE_AGE_DAYS = [1, 3, 5] as const

const oneOfNumbers = <T extends readonly number[]>(values: T, fallback: T[number]) =>
	z.coerce
		.number()
		.int()
		.refine((n) => (values as readonly number[]).includes(n), {
			message: `one of ${values.join(', ')}`,
		})
		.default(fallback)

/** 001 §5: "The 'Any' choice in the carrier and order-type filters is sent as an empty string." */
const anyText = z
	.string()
	.max(200)
	.trim()
	.optional()
	.transform((s) => (s ? s : undefined))

const uuidOrAny = z
	.union([z.literal(''), z.string().uuid()])
	.optional()
	.transform((s) => (s ? s : undefined))

export const PagingQuery = z.object({
	offset: z.coerce.number().int().min(0).max(100_000).default(0),
	limit: z.coerce.number().int().min(1).max(50).default(5),
})

/** 001 §3 "Order row (Following / Recently Viewed, widget page)". */
export const OrderRow = z
	.object({
		ship_set_id: z.string(),
		ship_set_name: z.string(),
		ship_set_reference_number: z.string().nullable(),
		ship_set_status: z.string(),
		last_event: z.string().nullable(),
		last_event_at: z.string().nullable(),
		last_event_at_time_zone: z.string().nullable(),
		/** 'exception' marks an exception (001 §3). */
		last_event_type: z.string().nullable(),
	})
	.openapi('DashboardOrderRow')
export type OrderRow = z.infer<typeof OrderRow>

export const OrdersFollowingResponse = z
	.object({ total: z.number().int(), orders: z.array(OrderRow) })
	.openapi('DashboardOrdersFollowing')

export const RecentlyViewedQuery = z.object({
	limit: z.coerce.number().int().min(1).max(50).default(10),
})
/** 001 §3: "Recently viewed response: an object whose values are the orders", keyed by position ('0', '1', …), most recent first. */
export const OrdersRecentlyViewedResponse = z
	.record(z.string(), OrderRow)
	.openapi('DashboardOrdersRecentlyViewed')

/** GET /orders/without-updates: in-transit orders whose last event is older than `before` days. */
export const WithoutUpdatesQuery = PagingQuery.extend({
	before: oneOfNumbers(TIMEFRAME_DAYS, 2),
	order_type: uuidOrAny,
	carrier_description: anyText,
	/** A substatus type id of status type 3 (the issue type); '' for any. */
	issue_type: uuidOrAny,
})
/**
 * Orders Without Updates counts its matches up to this many (20 pages of 5): past it the count,
 * which must ask each quiet order's shipments when a carrier or issue type is chosen, would grow
 * with the history (ADR 0012). `total` is then this number.
 */
export const WITHOUT_UPDATES_COUNT_CAP = 100
export const WithoutUpdatesResponse = z
	.object({
		orders: z.array(OrderRow),
		/** The matches, counted up to WITHOUT_UPDATES_COUNT_CAP. */
		total: z.number().int(),
	})
	.openapi('DashboardOrdersWithoutUpdates')

/** GET /orders/average-time and GET {dashboard}/orders/late-vs-ontime. */
export const MonthsOrderTypeQuery = z.object({
	months: oneOfNumbers(ORDER_TIME_MONTHS, 12),
	order_type: uuidOrAny,
})
/** 001 §3 "Average time response": months [{month, value in hours}], average (hours). Months oldest first, 'YYYY-MM'. */
export const AverageTimeResponse = z
	.object({
		months: z.array(
			z.object({ month: z.string(), value: z.number().nullable(), count: z.number().int() }),
		),
		average: z.number().nullable(),
	})
	.openapi('DashboardAverageTime')

/** GET /orders/carrier-average-days. */
export const CarrierAverageDaysQuery = z.object({
	months: oneOfNumbers(CARRIER_MONTHS, 6),
	conveyance_type: oneOfNumbers(CONVEYANCE_CODES, 0),
})
/** 001 §3 "Carrier average days response": month 'MMM yyyy', averageDaysCarriers [{carrier, averageTime in hours}]. */
export const CarrierAverageDaysResponse = z
	.object({
		months: z.array(
			z.object({
				month: z.string(),
				average_days_carriers: z.array(z.object({ carrier: z.string(), average_time: z.number() })),
			}),
		),
	})
	.openapi('DashboardCarrierAverageDays')

/** GET /shipments/issues-log (and -v2 with `before`): open issues of in-transit orders. */
export const IssuesLogQuery = z.object({
	carrier_description: anyText,
	order_type: uuidOrAny,
	/** Only issues raised within the last `before` days (the card dashboard's days filter). */
	before: z.coerce
		.number()
		.int()
		.refine((n) => (TIMEFRAME_DAYS as readonly number[]).includes(n), {
			message: `one of ${TIMEFRAME_DAYS.join(', ')}`,
		})
		.optional(),
})
/** 001 §3 "Issues log entry": statusTypeName, days (the age bucket: 1, 3 or 5 = 'more than 5'), count, deliveryValue. */
export const IssuesLogEntry = z
	.object({
		status_type_name: z.string(),
		days: z.number().int(),
		count: z.number().int(),
		delivery_value: z.number(),
	})
	.openapi('IssuesLogEntry')
export const IssuesLogResponse = z
	.object({ issues_log: z.array(IssuesLogEntry) })
	.openapi('IssuesLog')

/** 001 §7's body (carrierDescription, orderType) plus the chart's `before`, so that the file lists what the chart counts. */
export const IssuesLogReportBody = z.object({
	carrier_description: anyText,
	order_type: uuidOrAny,
	before: IssuesLogQuery.shape.before,
})
/** The report: a CSV of the issues behind the chart, offered for download and e-mailed through the outbox. */
export const IssuesLogReportResponse = z
	.object({
		report: z.object({
			id: z.string(),
			file_name: z.string(),
			rows: z.number().int(),
			/** Relative API path that streams the CSV (the caller's tenant only). */
			download_path: z.string(),
			emailed_to: z.string(),
		}),
		message: z.string(),
	})
	.openapi('IssuesLogReport')
export const ReportIdParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' } }),
})

export const CarrierDescriptionsResponse = z
	.object({ carrier_descriptions: z.array(z.string()) })
	.openapi('CarrierDescriptions')
export const CarrierCodesResponse = z
	.object({
		carrier_codes: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
	})
	.openapi('CarrierCodes')
export const SubstatusTypesResponse = z
	.object({
		substatus_types: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
	})
	.openapi('SubstatusTypes')

/** 001 §3 "Late vs on-time response": deliveryStatus [{status, count}], total. Status 'late' | 'on_time'. */
export const LateVsOnTimeResponse = z
	.object({
		delivery_status: z.array(
			z.object({ status: z.enum(['late', 'on_time']), count: z.number().int() }),
		),
		total: z.number().int(),
	})
	.openapi('DashboardLateVsOnTime')

/** The card dashboard's Carrier Performance: carrier ids (comma-joined; none = all) and a duration. */
export const CarriersDurationQuery = z.object({
	carriers: z
		.string()
		.max(4000)
		.optional()
		.transform((s, ctx) => {
			const ids = (s ?? '')
				.split(',')
				.map((x) => x.trim())
				.filter(Boolean)
			for (const id of ids) {
				if (!z.string().uuid().safeParse(id).success) {
					ctx.addIssue({ code: 'custom', message: `Unknown carrier id: ${id}` })
					return z.NEVER
				}
			}
			return ids
		})
		.openapi({ description: 'Comma-joined carrier ids; none for every carrier', type: 'string' }),
	duration: z.enum(DURATIONS).default('month'),
})
const CarrierCount = z.object({ carrier: z.string(), count: z.number().int() })
/** 001 §3 "Carrier late/on-time response": lateShipments and onTimeShipments, each with carriers (carrier, count). */
export const CarrierLateOnTimeResponse = z
	.object({
		late_shipments: z.object({ carriers: z.array(CarrierCount) }),
		on_time_shipments: z.object({ carriers: z.array(CarrierCount) }),
	})
	.openapi('DashboardCarrierLateOnTime')

export const CarrierTrendsQuery = CarriersDurationQuery.extend({
	offset: z.coerce.number().int().min(0).max(100_000).default(0),
	limit: z.coerce.number().int().min(1).max(50).default(5),
})
/** 001 §3 "Carrier trend row". Current = this duration so far; previous = the one before. Trends in percentage points. */
export const CarrierTrend = z
	.object({
		carrier: z.string(),
		on_time_percentage: z.number(),
		on_time_trend: z.number(),
		late_trend: z.number(),
		current_on_time: z.number().int(),
		current_total: z.number().int(),
		previous_on_time: z.number().int(),
		previous_total: z.number().int(),
	})
	.openapi('CarrierTrend')
export const CarrierTrendsResponse = z
	.object({ carriers: z.array(CarrierTrend), total: z.number().int(), offset: z.number().int() })
	.openapi('DashboardCarrierTrends')
