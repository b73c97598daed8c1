import { Button } from '~/components/ui/button'
import { Form, useNavigation } from 'react-router'
import { GUEST_NOTIF_LABELS, GUEST_NOTIF_TYPES } from '#contracts/sharing/guest'
import { getFormProps, useForm } from '@conform-to/react'
import type { z } from 'zod'
import { guestTexts } from '~/lib/guest/restricted'
import { useFormReply } from '~/lib/form-reply'
import {
	GUEST_NOTIFICATION_INTENT,
	GuestNotificationFormSchema,
} from '~/lib/guest/notification-form'

/**
 * The guest notification setting (000 §2 "Guest notification setting: radio choices only";
 * §5 "must be one of the radio choices"; 002 §1 "A guest may still use the notification
 * dropdown"). A disclosure holding a plain POST form to the page's own URL (the link's
 * query rides along, so the action knows the link); without JavaScript it opens and posts
 * the same way. A refused post keeps the choice and shows the message.
 */
export function GuestNotificationForm({ current }: { current: string | null }) {
	const navigation = useNavigation()
	const reply = useFormReply(GUEST_NOTIFICATION_INTENT)
	const [form, fields] = useForm<z.input<typeof GuestNotificationFormSchema>>({
		id: 'guest-notification',
		lastResult: reply?.result,
	})
	const busy =
		navigation.state === 'submitting' &&
		navigation.formData?.get('intent') === GUEST_NOTIFICATION_INTENT
	const chosen =
		typeof fields.notif_type.initialValue === 'string' ? fields.notif_type.initialValue : current
	const fieldError = fields.notif_type.errors?.[0]
	const message = fieldError ?? form.errors?.[0]
	return (
		<details className="guest-notifications" open={reply ? true : undefined}>
			<summary>{guestTexts.notifications}</summary>
			<Form
				method="post"
				key={`${current}:${chosen}`}
				{...getFormProps(form)}
				className="guest-notifications__form"
			>
				<input type="hidden" name="intent" value={GUEST_NOTIFICATION_INTENT} />
				<fieldset
					aria-invalid={fieldError ? true : undefined}
					aria-describedby={message ? 'guest-notification-error' : undefined}
				>
					<legend>{guestTexts.notificationLegend}</legend>
					{GUEST_NOTIF_TYPES.map((type) => (
						<label key={type}>
							<input
								type="radio"
								name="notif_type"
								value={type}
								defaultChecked={chosen === type}
								required
							/>{' '}
							{GUEST_NOTIF_LABELS[type]}
						</label>
					))}
				</fieldset>
				{message ? (
					<p id="guest-notification-error" className="field-error" role="alert">
						{message}
					</p>
				) : null}
				<Button type="submit" disabled={busy}>
					{guestTexts.save}
				</Button>
			</Form>
		</details>
	)
}
