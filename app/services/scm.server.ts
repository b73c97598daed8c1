import type { AppLoadContext } from 'react-router'
import { accountCalls } from './scm/account.server'
import { analyticsEventCalls } from './scm/analytics-events.server'
import { analyticsCalls } from './scm/analytics.server'
import { breachesOngoingCalls } from './scm/breaches-ongoing.server'
import { historicalBreachCalls } from './scm/breaches-historical.server'
import { createScmCaller, type ScmAuth } from './scm/client.server'
import { commentCalls } from './scm/comments.server'
import { dashboardCalls } from './scm/dashboard.server'
import { dashboardWidgetCalls } from './scm/dashboard-widgets.server'
import { fileCalls } from './scm/files.server'
import { invitationCalls } from './scm/invitations.server'
import { referenceCalls } from './scm/reference.server'
import { searchCalls } from './scm/search.server'
import { settingsCalls } from './scm/settings.server'
import { shareCalls } from './scm/share.server'
import { shipSetCalls } from './scm/ship-sets.server'
import { relatedCalls, shipmentCalls } from './scm/shipments.server'
import { trackerCalls } from './scm/tracker.server'
import { unsubscribeCalls, webhookCalls } from './scm/webhooks.server'

export { NO_DATA, ScmError, createScmCaller, type ScmAuth } from './scm/client.server'

/**
 * The SCM API client, one group of calls per resource (`app/services/scm/*.server.ts`), each
 * call naming its route descriptor in a capability's `*.api.ts` (docs/architecture.md rules 1 and 2).
 * Loaders and actions get it from `requireScm` or build it with the user's token.
 */
export function createScmClient(context: AppLoadContext, auth?: ScmAuth) {
	const caller = createScmCaller(context, auth)
	return {
		account: accountCalls(caller, context),
		reference: referenceCalls(caller),
		dashboard: dashboardCalls(caller),
		/** The widget page's and the card dashboard's calls (001 §7). */
		widgets: dashboardWidgetCalls(caller),
		search: searchCalls(caller),
		shipSets: shipSetCalls(caller),
		comments: commentCalls(caller),
		files: fileCalls(caller),
		shipments: shipmentCalls(caller),
		related: relatedCalls(caller),
		share: shareCalls(caller),
		/** Supply Chain View invitations: shown and accepted without a user (ADR 0025). */
		invitations: invitationCalls(caller, context),
		tracker: trackerCalls(caller),
		/** Ongoing Breaches (001 §7). */
		ongoingBreaches: breachesOngoingCalls(caller),
		/** Historical Breaches and the claim pack (001 §7). */
		historicalBreaches: historicalBreachCalls(caller),
		/** First-party analytics events and their report (000 §6). */
		analyticsEvents: analyticsEventCalls(caller),
		/** Outbound webhooks (settings managers). */
		webhooks: webhookCalls(caller),
		/** One-click unsubscribe links (anonymous, the web tier's key). */
		unsubscribe: unsubscribeCalls(caller, context),
		/** Machine keys and CSV imports. */
		settings: settingsCalls(caller),
		/** The analytics page: the freight-cost report and Power BI's embed token (000 §7). */
		analytics: analyticsCalls(caller),
	}
}

export type ScmClient = ReturnType<typeof createScmClient>
