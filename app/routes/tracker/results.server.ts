import { publicStatusLabel, statusTone } from '~/lib/tracker/status'
import { trackerTexts } from '~/lib/tracker/texts'
import { formatDateTime, formatPlace, INVALID_DATE } from './format.server'
import type { ResultRow, SearchRow } from './results'

/**
 * One row of the table: Customer is city/state/country or N/A; Last Status is the text,
 * date and time, the carrier when the type is transit, a warning when it is an exception,
 * and empty for Pending (000 §2 "Columns").
 */
export function resultRow(row: SearchRow): ResultRow {
	const when = formatDateTime(row.lastStatusAt, row.lastStatusTimezone)
	return {
		shipSetId: row.shipSetId,
		orderNumber: row.orderNumber,
		referenceNumber: row.referenceNumber ?? trackerTexts.notAvailable,
		trackingNumber: row.trackingNumber,
		customer: formatPlace(row) ?? trackerTexts.notAvailable,
		status: row.orderStatus,
		statusLabel: publicStatusLabel(row.orderStatus),
		statusTone: statusTone(row.orderStatus),
		lastStatus:
			row.orderStatus === 'pending' || !row.lastStatus
				? null
				: {
						text: row.lastStatus,
						when: when === INVALID_DATE ? null : when,
						carrier: row.lastStatusType === 'transit' ? row.carrier : null,
						exception: row.lastStatusType === 'exception',
					},
	}
}
