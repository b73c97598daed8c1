import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { issuesLogReports } from '../db/schema'
import { escapeHtml, queueEmail } from '../mail/outbox'
import { openIssues, type IssueLine, type IssuesFilter } from './widgets.queries'
import { csvLine } from '../search/csv'

/**
 * The Issues Log report (001 §4 "Issues log report"; body of POST /shipments_issues_log/report:
 * carrierDescription, orderType): a CSV of the open issues behind the chart, one line per issue,
 * kept for its maker to download and e-mailed to them with the file attached, in one transaction.
 */

export const REPORT_COLUMNS = [
	'Order',
	'Reference',
	'Tracking Number',
	'Carrier',
	'Issue Type',
	'Raised At (UTC)',
	'Age (days)',
	'Age Group',
	'Delivery Value (USD)',
] as const
export const REPORT_MESSAGE =
	'Your Issues Log report is ready. It has also been sent to your e-mail.'

/** 001 §9 "colours by age of 1 day, 3 days and 5 days": the chart's groups, as the report names them. */
export function ageGroupLabel(days: number): string {
	return days === 1 ? '1 day' : days <= 5 ? `${days} days` : 'More than 5 days'
}

export function reportCsv(lines: IssueLine[]): string {
	return (
		csvLine(REPORT_COLUMNS) +
		lines
			.map((l) =>
				csvLine([
					l.order,
					l.reference,
					l.tracking,
					l.carrier,
					l.issueType,
					l.raisedAt,
					l.ageDays,
					ageGroupLabel(l.days),
					l.deliveryValue.toFixed(2),
				]),
			)
			.join('')
	)
}

export async function makeIssuesLogReport(
	db: Database,
	caller: { organizationId: string; userId: string; email: string },
	filter: IssuesFilter,
	now = new Date(),
) {
	const lines = await openIssues(db, caller.organizationId, filter)
	const csv = reportCsv(lines)
	const fileName = `issues_log_report_${now.toISOString().slice(0, 10)}.csv`
	const scope = [
		filter.carrierDescription ? `carrier ${filter.carrierDescription}` : 'any carrier',
		filter.orderType ? 'one order type' : 'any order type',
		filter.before ? `raised in the last ${filter.before} days` : 'raised any time',
	].join(', ')
	const report = await db.transaction(async (tx) => {
		const [row] = await tx
			.insert(issuesLogReports)
			.values({
				organizationId: caller.organizationId,
				userId: caller.userId,
				fileName,
				rows: lines.length,
				csv,
			})
			.returning({ id: issuesLogReports.id })
		const text = `Your Issues Log report (${scope}) lists ${lines.length} open issue${lines.length === 1 ? '' : 's'}. The file ${fileName} is attached.`
		await queueEmail(tx, {
			organizationId: caller.organizationId,
			to: caller.email,
			subject: 'Issues Log report',
			text,
			html: `<p>${escapeHtml(text)}</p>`,
			attachments: [{ filename: fileName, contentType: 'text/csv', content: csv }],
		})
		return row!
	})
	return {
		id: report.id,
		file_name: fileName,
		rows: lines.length,
		download_path: `/api/web/shipments_issues_log/report/${report.id}/download`,
		emailed_to: caller.email,
	}
}

/** A report of the caller's own, in their supply chain; null otherwise. */
export async function findReport(
	db: Pick<Database, 'select'>,
	organizationId: string,
	userId: string,
	id: string,
) {
	const [row] = await db
		.select({ fileName: issuesLogReports.fileName, csv: issuesLogReports.csv })
		.from(issuesLogReports)
		.where(
			and(
				eq(issuesLogReports.id, id),
				eq(issuesLogReports.organizationId, organizationId),
				eq(issuesLogReports.userId, userId),
			),
		)
	return row ?? null
}
