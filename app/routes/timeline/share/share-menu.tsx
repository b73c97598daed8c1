import { useTimelineForm } from '~/lib/timeline/use-timeline-form'
import { EmptyState } from '~/components/ui/empty-state'
import { Table } from '~/components/ui/table'
import { useState, type ReactNode } from 'react'
import { getFormProps } from '@conform-to/react'
import { TIMELINE_INTENTS, TIMELINE_LAYOUT_ROUTE } from '~/lib/timeline/intents'
import { useFormReply } from '~/lib/form-reply'
import { useFetcher, useLocation, useRouteLoaderData } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Badge } from '~/components/ui/badge'
import { Dialog } from '~/components/ui/dialog'
import { Field, FieldErrors } from '~/components/ui/field'
import { Button, ButtonLink } from '~/components/ui/button'
import { parseShareEmails } from '#contracts/sharing/share-rules'
import {
	closeShare,
	NEW_EMAIL_CHARGE,
	NOTIF_NODE_CHOICES,
	NOTIF_TYPE_LABELS,
	NotificationFormSchema,
	ShareCheckFormSchema,
	ShareFormSchema,
	shareTitle,
	shareUrl,
	type NotificationView,
	type ShareMenuData,
	type ShareModalView,
	type ShareRecipientView,
	type ShareStepReply,
	type ShareStepTwo as ShareStepTwoView,
	VIEW_TYPE_HINTS,
} from '~/lib/timeline/share'

/**
 * The header's Share button, its modal and the notification dropdown (002 §1, §2 "Share
 * modal", §4 "Share flow", "Notifications"). Everything is a link or a form: the modal is URL
 * state (`share=1`); step 2 is the answer to step 1's post (the addresses never go into a URL);
 * each form posts to the timeline's action with an `intent`; with JavaScript the forms run
 * through fetchers.
 */
export function ShareMenu({ orderName }: { orderName: string }) {
	const { shareMenu } = useRouteLoaderData(TIMELINE_LAYOUT_ROUTE) as { shareMenu?: ShareMenuData }
	const { pathname, search } = useLocation()
	const here = `${pathname}${search}`
	return (
		<div className="share-menu">
			<ButtonLink className="share-open" to={shareUrl(here, { share: '1' })} preventScrollReset>
				Share
			</ButtonLink>
			{shareMenu?.notification ? (
				<NotificationDropdown notification={shareMenu.notification} />
			) : null}
			{shareMenu?.share ? (
				<ShareModal orderName={orderName} view={shareMenu.share} here={here} />
			) : null}
		</div>
	)
}

/** A value of a submitted form as a list (one checked box posts a string). */
const listOf = (value: unknown): string[] =>
	Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []

/**
 * The steps' one fetcher, held by the modal: step 1's post redirects to step 2, which replaces
 * it, and a fetcher unmounted while its redirect lands makes React Router throw ('Expected fetcher').
 */
type StepFetcher = ReturnType<typeof useFetcher>

function ShareModal({
	orderName,
	view,
	here,
}: {
	orderName: string
	view: ShareModalView
	here: string
}) {
	const fetcher = useFetcher()
	// Step 2 is the answer to step 1's post (or a refused SHARE): its fetcher's, or the page's action data.
	const checked = useFormReply<ShareStepReply>(TIMELINE_INTENTS.share.check, fetcher.data)
	const refused = useFormReply<ShareStepReply>(TIMELINE_INTENTS.share.share, fetcher.data)
	const step = (refused ?? checked)?.shareStep ?? null
	// The focus moves to the heading at each step.
	return (
		<Dialog
			title={shareTitle(orderName)}
			closeTo={closeShare(here)}
			step={step ? 2 : 1}
			className="share-modal"
		>
			{step ? <ShareStepTwo step={step} fetcher={fetcher} /> : <ShareStepOne fetcher={fetcher} />}
			<GuestLinks links={view.guestLinks} />
		</Dialog>
	)
}

/** Step 1: the e-mails (and an optional message); "SUBMIT is disabled until at least one e-mail is entered" (002 §5). */
function ShareStepOne({ fetcher }: { fetcher: StepFetcher }) {
	const { action, form, fields } = useTimelineForm('share', TIMELINE_INTENTS.share.check, {
		id: 'share-check',
		schema: ShareCheckFormSchema,
		fetcher,
	})
	const hydrated = useHydrated()
	const [emails, setEmails] = useState(String(fields.emails.initialValue ?? ''))
	const [clientError, setClientError] = useState<string | null>(null)
	const emailErrors = clientError ? [clientError] : (fields.emails.errors ?? null)
	return (
		<fetcher.Form
			method="post"
			action={action}
			id={form.id}
			noValidate={form.noValidate}
			className="share-form"
			preventScrollReset
			onSubmit={(event) => {
				// With JavaScript the same rule runs before posting; the server checks again.
				const parsed = parseShareEmails(emails)
				setClientError('error' in parsed ? parsed.error : null)
				if ('error' in parsed) event.preventDefault()
			}}
		>
			<input type="hidden" name="intent" value={TIMELINE_INTENTS.share.check} />
			<Field
				id="share-emails"
				label="E-mails"
				hint="Separate addresses with commas."
				errors={emailErrors}
			>
				{(control) => (
					<textarea
						{...control}
						name="emails"
						rows={2}
						value={emails}
						onChange={(e) => setEmails(e.target.value)}
					/>
				)}
			</Field>
			<Field id="share-message" label="Message (optional)" errors={fields.message.errors}>
				{(control) => (
					<textarea
						{...control}
						name="message"
						rows={2}
						maxLength={1000}
						defaultValue={String(fields.message.initialValue ?? '')}
					/>
				)}
			</Field>
			<FieldErrors id="share-check-error" messages={form.errors} />
			<Button
				type="submit"
				variant="primary"
				disabled={(hydrated && !emails.trim()) || fetcher.state !== 'idle'}
			>
				SUBMIT
			</Button>
		</fetcher.Form>
	)
}

/** Step 2: who is new (NEW, $1/month), the view type (Restricted View by default), SHARE. */
function ShareStepTwo({ step, fetcher }: { step: ShareStepTwoView; fetcher: StepFetcher }) {
	const { lists } = step
	const { action, form, fields } = useTimelineForm('share', TIMELINE_INTENTS.share.share, {
		id: 'share',
		schema: ShareFormSchema,
		fetcher,
	})
	const viewType = String(fields.view_type.initialValue ?? 'customer')
	const errors = [
		...(fields.emails.errors ?? []),
		...(fields.message.errors ?? []),
		...(form.errors ?? []),
	]
	return (
		<>
			<fetcher.Form
				method="post"
				action={action}
				{...getFormProps(form)}
				className="share-form"
				preventScrollReset
			>
				<input type="hidden" name="intent" value={TIMELINE_INTENTS.share.share} />
				<input type="hidden" name="emails" value={step.emails} />
				<input type="hidden" name="message" value={step.message} />
				<EmailList id="share-members" title="In the supply chain" emails={lists.authList} />
				<EmailList
					id="share-new"
					title="Not in the supply chain"
					emails={lists.notAuthList}
					mark={
						<Badge
							tone="blue"
							title={NEW_EMAIL_CHARGE}
							tabIndex={0}
							aria-describedby="share-charge"
						>
							NEW
						</Badge>
					}
					note={
						<p id="share-charge" className="field-hint">
							NEW: {NEW_EMAIL_CHARGE}
						</p>
					}
				/>
				<EmailList
					id="share-subscribed"
					title="Already have a guest link"
					emails={lists.subscribedList}
					note={
						<p className="field-hint">Sharing again sends a new link and revokes the old one.</p>
					}
				/>
				<fieldset>
					<legend>View</legend>
					<label>
						<input
							type="radio"
							name="view_type"
							value="customer"
							defaultChecked={viewType === 'customer'}
						/>{' '}
						Restricted View <span className="field-hint">{VIEW_TYPE_HINTS.customer}</span>
					</label>
					<label>
						<input
							type="radio"
							name="view_type"
							value="supply_chain"
							defaultChecked={viewType === 'supply_chain'}
						/>{' '}
						Supply Chain View <span className="field-hint">{VIEW_TYPE_HINTS.supply_chain}</span>
					</label>
					<FieldErrors id="share-view-error" messages={fields.view_type.errors} />
				</fieldset>
				<FieldErrors id="share-error" messages={errors.length ? errors : null} />
				<div className="share-actions">
					<Button type="submit" form="share-back" disabled={fetcher.state !== 'idle'}>
						Back
					</Button>
					<Button type="submit" variant="primary" disabled={fetcher.state !== 'idle'}>
						SHARE
					</Button>
				</div>
			</fetcher.Form>
			{/* Back posts what was typed to step 1 again (a form of its own: forms do not nest). */}
			<fetcher.Form method="post" action={action} id="share-back" hidden preventScrollReset>
				<input type="hidden" name="intent" value={TIMELINE_INTENTS.share.check} />
				<input type="hidden" name="emails" value={step.emails} />
				<input type="hidden" name="message" value={step.message} />
				<input type="hidden" name="back" value="1" />
			</fetcher.Form>
		</>
	)
}

/** One of step 2's lists of e-mails (nothing when it is empty), each address with the list's `mark`. */
function EmailList(props: {
	id: string
	title: string
	emails: string[]
	mark?: ReactNode
	note?: ReactNode
}) {
	const { id, title, emails, mark, note } = props
	if (!emails.length) return null
	return (
		<section aria-labelledby={id}>
			<h3 id={id}>{title}</h3>
			<ul className="share-list">
				{emails.map((e) => (
					<li key={e}>
						{e}
						{mark ? <> {mark}</> : null}
					</li>
				))}
			</ul>
			{note}
		</section>
	)
}

/** The order's guest links that still open, each with Revoke (the link stops opening at once). */
function GuestLinks({ links }: { links: ShareRecipientView[] }) {
	return (
		<section className="guest-links" aria-labelledby="guest-links-title">
			<h3 id="guest-links-title">Active guest links</h3>
			{links.length === 0 ? (
				<EmptyState>No active guest links.</EmptyState>
			) : (
				<Table label="Active guest links" className="guest-links-table">
					<thead>
						<tr>
							<th scope="col">E-mail</th>
							<th scope="col">View</th>
							<th scope="col">Expires</th>
							<th scope="col">
								<span className="visually-hidden">Action</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{links.map((link) => (
							<GuestLinkRow key={link.id} link={link} />
						))}
					</tbody>
				</Table>
			)}
		</section>
	)
}

function GuestLinkRow({ link }: { link: ShareRecipientView }) {
	const { fetcher, action, form } = useTimelineForm('share', TIMELINE_INTENTS.share.revoke, {
		id: `revoke-${link.id}`,
	})
	return (
		<tr>
			<td data-label="E-mail">{link.email}</td>
			<td data-label="View">
				{link.viewType === 'supply_chain' ? 'Supply Chain View' : 'Restricted View'}
			</td>
			<td data-label="Expires">
				{link.expiresAt ? (
					<time dateTime={link.expiresAt}>{link.expiresAt.slice(0, 10)}</time>
				) : (
					'N/A'
				)}
			</td>
			<td>
				<fetcher.Form method="post" action={action} {...getFormProps(form)} preventScrollReset>
					<input type="hidden" name="intent" value={TIMELINE_INTENTS.share.revoke} />
					<input type="hidden" name="recipient_id" value={link.id} />
					<Button type="submit" size="small" disabled={fetcher.state !== 'idle'}>
						Revoke<span className="visually-hidden"> the guest link of {link.email}</span>
					</Button>
				</fetcher.Form>
				{fetcher.data && form.errors?.length ? (
					<p className="field-error">{form.errors[0]}</p>
				) : null}
			</td>
		</tr>
	)
}

/** "The dropdown sets a notif_type; choosing 'nodes' reveals checkboxes …; further flags for comments and promise date." */
function NotificationDropdown({ notification }: { notification: NotificationView }) {
	// With JavaScript the contract's rule runs before posting ('nodes' needs a node); the server checks again.
	const { fetcher, action, reply, form, fields } = useTimelineForm(
		'notifications',
		TIMELINE_INTENTS.notifications.save,
		{
			id: 'notifications',
			schema: NotificationFormSchema,
			validate: 'onSubmit',
			constraint: false,
		},
	)
	// What was posted, when refused (a checkbox posts 'on'); else the saved settings.
	const posted = reply?.result.initialValue
	const notifType = posted ? String(posted.notif_type ?? '') : notification.notifType
	const nodes = posted ? listOf(posted.nodes) : notification.nodes
	const comments = posted ? posted.comments === 'on' : notification.comments
	const promiseDate = posted ? posted.promise_date === 'on' : notification.promiseDate
	// A new key after a save or a refusal resets the uncontrolled inputs to what the server answered.
	const key = JSON.stringify([notification, posted ?? null])
	return (
		<details className="notif-menu" open={reply ? true : undefined}>
			<summary>Notifications</summary>
			<fetcher.Form
				method="post"
				action={action}
				{...getFormProps(form)}
				className="notif-form"
				key={key}
				preventScrollReset
			>
				<input type="hidden" name="intent" value={TIMELINE_INTENTS.notifications.save} />
				<fieldset>
					<legend>Notify me about</legend>
					{Object.entries(NOTIF_TYPE_LABELS).map(([value, label]) => (
						<label key={value}>
							<input
								type="radio"
								name="notif_type"
								value={value}
								defaultChecked={notifType === value}
							/>{' '}
							{label}
						</label>
					))}
					<FieldErrors id="notif-type-error" messages={fields.notif_type.errors} />
				</fieldset>
				<fieldset className="notif-nodes">
					<legend>Nodes</legend>
					{NOTIF_NODE_CHOICES.map((node) => (
						<label key={node}>
							<input
								type="checkbox"
								name="nodes"
								value={node}
								defaultChecked={nodes.includes(node)}
							/>{' '}
							{node}
						</label>
					))}
					<FieldErrors id="notif-nodes-error" messages={fields.nodes.errors} />
				</fieldset>
				<label>
					<input type="checkbox" name="comments" defaultChecked={comments} /> Comments
				</label>
				<label>
					<input type="checkbox" name="promise_date" defaultChecked={promiseDate} /> Promise date
				</label>
				<FieldErrors id="notif-error" messages={form.errors} />
				<Button type="submit" variant="primary" disabled={fetcher.state !== 'idle'}>
					SAVE
				</Button>
			</fetcher.Form>
		</details>
	)
}
