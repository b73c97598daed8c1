import { z } from '@hono/zod-openapi'

/**
 * The Historical Logs modal (002 §3 "Historical log: createdAt, message, updatedBy,
 * document {id, fileUrl, fileFileName}", §7 "GET {api}/ship_sets/{id}/logs").
 * Newest first. updated_by is the person's name (or e-mail), null for the system.
 */
import { HISTORICAL_LOGS_PAGE } from '../shared/timeline-limits'

export { HISTORICAL_LOGS_PAGE }

export const HistoricalLog = z
	.object({
		id: z.string(),
		created_at: z.string(),
		message: z.string(),
		updated_by: z.string().nullable(),
		document: z
			.object({ id: z.string(), file_url: z.string(), file_file_name: z.string() })
			.nullable(),
	})
	.openapi('HistoricalLog')

export const HistoricalLogsQuery = z.object({
	offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
	limit: z.coerce.number().int().min(1).max(HISTORICAL_LOGS_PAGE).default(HISTORICAL_LOGS_PAGE),
})

export const HistoricalLogsResponse = z
	.object({ logs: z.array(HistoricalLog), total_count: z.number().int(), offset: z.number().int() })
	.openapi('HistoricalLogs')
export type HistoricalLogsResponse = z.infer<typeof HistoricalLogsResponse>
