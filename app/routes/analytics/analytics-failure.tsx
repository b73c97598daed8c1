import { Toaster } from '~/components/toaster'
import { ANALYTICS_FAILURE_TEXT, analyticsFailureToast } from './failure'

/** What the analytics page shows when its report cannot be shown (000 §8 "Analytics failure"): the text and the 10-s toast. */
export function AnalyticsFailure() {
	return (
		<>
			<p className="analytics-failure" role="alert">
				{ANALYTICS_FAILURE_TEXT}
			</p>
			<Toaster toasts={[analyticsFailureToast()]} />
		</>
	)
}
