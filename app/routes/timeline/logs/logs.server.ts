import { HISTORICAL_LOGS_PAGE } from '#shared/timeline-limits'
import { pageNumber } from '~/lib/timeline/url'
import type { ScmClient } from '~/services/scm.server'

/** The Historical Logs modal (`?logs=1`, `logs_page`); a failure leaves it empty rather than failing the page. */
export async function loadHistoricalLogs(scm: ScmClient, shipSetId: string, q: URLSearchParams) {
	if (q.get('logs') !== '1') return null
	return scm.shipSets
		.logs(shipSetId, (pageNumber(q.get('logs_page')) - 1) * HISTORICAL_LOGS_PAGE)
		.catch(() => null)
}
