import { z } from '@hono/zod-openapi'

/**
 * The analytics page's contract (000 §2 "Analytics", §3 "Analytics token", §7 generate_embed_token),
 * and the built-in freight-cost report that answers when Power BI is not configured
 * (ADR 0016). Months are UTC, 'YYYY-MM'.
 */

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
/** The widest date range the report reads at once. */
export const MAX_REPORT_MONTHS = 36
/** The lane's two ends in one URL value: 'Shenzhen, CN → Louisville, US'. */
export const LANE_SEPARATOR = ' → '

const month = (name: string) =>
	z
		.string()
		.regex(MONTH, `${name} must be a month as YYYY-MM`)
		.optional()
		.or(z.literal('').transform(() => undefined))
		.openapi({ description: `${name} month (UTC), YYYY-MM`, example: '2026-01' })

const FreightCostFilters = z.object({
	from: month('From'),
	to: month('To'),
	carrier: z
		.union([z.literal(''), z.string().uuid('Carrier must be a carrier id')])
		.optional()
		.openapi({ description: 'A carrier id; empty: every carrier' }),
	lane: z
		.string()
		.max(400, 'Lane is too long')
		.optional()
		.refine(
			(v) => !v || v.includes(LANE_SEPARATOR),
			`Lane must be 'origin${LANE_SEPARATOR}destination'`,
		)
		.openapi({
			description: `A lane as 'origin${LANE_SEPARATOR}destination'; empty: every lane`,
			example: 'Shenzhen, CN → Louisville, US',
		}),
})

function range<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) {
	return schema
		.refine((q) => !q.from || !q.to || q.from <= q.to, {
			message: 'From must not be after To',
			path: ['from'],
		})
		.refine((q) => !q.from || !q.to || monthsBetween(q.from, q.to) < MAX_REPORT_MONTHS, {
			message: `The date range is at most ${MAX_REPORT_MONTHS} months`,
			path: ['from'],
		})
}

export const FreightCostQuery = range(FreightCostFilters)
export type FreightCostQuery = z.infer<typeof FreightCostQuery>

/** Months from `from` to `to` ('YYYY-MM'), 0 when equal. */
export function monthsBetween(from: string, to: string): number {
	const [fy, fm] = from.split('-').map(Number) as [number, number]
	const [ty, tm] = to.split('-').map(Number) as [number, number]
	return (ty - fy) * 12 + (tm - fm)
}

/** The report's tables, each downloadable as CSV. */
export const REPORT_TABLES = ['month', 'carrier', 'lane', 'conveyance'] as const
export type ReportTable = (typeof REPORT_TABLES)[number]
export const FreightCostExportQuery = range(
	FreightCostFilters.extend({
		table: z.enum(REPORT_TABLES, { message: `Table must be one of ${REPORT_TABLES.join(', ')}` }),
	}),
)

/** One group's figures. Ratios are null when their denominator is zero. */
export const FreightFigures = z.object({
	amount: z.number().openapi({ description: 'Invoiced freight cost (USD)' }),
	shipments: z.number().int().openapi({ description: 'Invoiced shipments (cost lines)' }),
	orders: z.number().int().openapi({
		description:
			'Orders of those shipments, each counted once per month, carrier, lane and conveyance type',
	}),
	per_order: z.number().nullable(),
	weight_kg: z.number(),
	per_kg: z
		.number()
		.nullable()
		.openapi({ description: 'Cost per kg over the shipments that have a weight' }),
	delivered: z.number().int(),
	late: z.number().int(),
	on_time_rate: z
		.number()
		.nullable()
		.openapi({ description: 'Delivered on time ÷ delivered, 0…1' }),
})
export type FreightFigures = z.infer<typeof FreightFigures>

export const FreightCostReport = z
	.object({
		from: z.string(),
		to: z.string(),
		carrier: z.string().nullable(),
		lane: z.string().nullable(),
		currency: z.literal('USD'),
		totals: FreightFigures,
		by_month: z.array(FreightFigures.extend({ month: z.string() })),
		by_carrier: z.array(
			FreightFigures.extend({ carrier_id: z.string().nullable(), carrier: z.string() }),
		),
		by_lane: z.array(
			FreightFigures.extend({ lane: z.string(), origin: z.string(), destination: z.string() }),
		),
		by_conveyance: z.array(FreightFigures.extend({ conveyance: z.string() })),
		/** The filters' choices: the supply chain's carriers and the lanes with costs in the range. */
		carriers: z.array(z.object({ id: z.string(), name: z.string() })),
		lanes: z.array(z.string()),
	})
	.openapi('FreightCostReport')
export type FreightCostReport = z.infer<typeof FreightCostReport>

/** 000 §3 "Analytics token: reportId, embedUrl, embedToken, expiration" (on the wire in snake_case). */
export const EmbedToken = z
	.object({
		report_id: z.string(),
		embed_url: z.string().url(),
		embed_token: z.string(),
		expiration: z.string().openapi({ description: 'ISO 8601 instant the embed token expires' }),
	})
	.openapi('AnalyticsEmbedToken')
export type EmbedToken = z.infer<typeof EmbedToken>
