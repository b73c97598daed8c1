import { Button } from '~/components/ui/button'
import { useFetcher } from 'react-router'
import { TIMELINE_INTENTS, useTimelineAction } from '~/lib/timeline/intents'

/**
 * The header's follow toggle (002 §2 Header "follow toggle (label Follow / Following)", §4
 * "Follow"). A post with `intent=follow|unfollow`; without JavaScript the page reloads with
 * the toast, with it the fetcher's pending form data flips the label at once (optimistic)
 * and the redirect brings the toast and the confirmed state.
 */
const INTENT = TIMELINE_INTENTS.follow

export function FollowButton({ following }: { following: boolean }) {
	const fetcher = useFetcher()
	const action = useTimelineAction('follow')
	const pending = fetcher.formData?.get('intent')
	const shown = pending === INTENT.follow ? true : pending === INTENT.unfollow ? false : following
	return (
		<fetcher.Form method="post" action={action} className="timeline-follow" preventScrollReset>
			<input type="hidden" name="intent" value={shown ? INTENT.unfollow : INTENT.follow} />
			<Button
				type="submit"
				variant={shown ? 'primary' : 'secondary'}
				aria-pressed={shown}
				className="follow-button"
			>
				{shown ? 'Following' : 'Follow'}
			</Button>
		</fetcher.Form>
	)
}
