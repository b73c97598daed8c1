import { useFetcher } from 'react-router'

/**
 * The header's follow toggle (002 §2 Header "follow toggle (label Follow / Following)", §4
 * "Follow"). A post with `intent=follow|unfollow`; without JavaScript the page reloads with
 * the toast, with it the fetcher's pending form data flips the label at once (optimistic)
 * and the redirect brings the toast and the confirmed state.
 */
export function FollowButton({ following }: { following: boolean }) {
	const fetcher = useFetcher()
	const pending = fetcher.formData?.get('intent')
	const shown = pending === 'follow' ? true : pending === 'unfollow' ? false : following
	return (
		<fetcher.Form method="post" className="timeline-follow" preventScrollReset>
			<input type="hidden" name="intent" value={shown ? 'unfollow' : 'follow'} />
			<button type="submit" aria-pressed={shown} className={shown ? 'follow-button following' : 'follow-button'}>
				{shown ? 'Following' : 'Follow'}
			</button>
		</fetcher.Form>
	)
}
