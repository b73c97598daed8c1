import { Form, useNavigation } from 'react-router'
import { GUEST_NOTIF_LABELS, GUEST_NOTIF_TYPES } from '#contracts/guest'
import { guestTexts } from '~/lib/guest/restricted'

export interface GuestNotificationFailure {
	intent: string
	errors: Record<string, string[] | null | undefined>
	values: Record<string, unknown>
	formError?: string
}

/**
 * The guest notification setting (000 §2 "Guest notification setting: radio choices only";
 * §5 "must be one of the radio choices"; 002 §1 "A guest may still use the notification
 * dropdown"). A disclosure holding a plain POST form to the page's own URL (the link's
 * query rides along, so the action knows the link); without JavaScript it opens and posts
 * the same way. A refused post keeps the choice and shows the message.
 */
export function GuestNotificationForm({ current, failure }: { current: string | null; failure: GuestNotificationFailure | undefined }) {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'guest-notification'
	const chosen = typeof failure?.values.notif_type === 'string' ? failure.values.notif_type : current
	const fieldError = failure?.errors.notif_type?.[0]
	const message = fieldError ?? failure?.formError
	return (
		<details className="guest-notifications" open={failure ? true : undefined}>
			<summary>{guestTexts.notifications}</summary>
			<Form method="post" key={`${current}:${chosen}`} className="guest-notifications__form">
				<input type="hidden" name="intent" value="guest-notification" />
				<fieldset aria-invalid={fieldError ? true : undefined} aria-describedby={message ? 'guest-notification-error' : undefined}>
					<legend>{guestTexts.notificationLegend}</legend>
					{GUEST_NOTIF_TYPES.map((type) => (
						<label key={type}>
							<input type="radio" name="notif_type" value={type} defaultChecked={chosen === type} required /> {GUEST_NOTIF_LABELS[type]}
						</label>
					))}
				</fieldset>
				{message ? (
					<p id="guest-notification-error" className="field-error" role="alert">
						{message}
					</p>
				) : null}
				<button type="submit" className="button" disabled={busy}>
					{guestTexts.save}
				</button>
			</Form>
		</details>
	)
}
