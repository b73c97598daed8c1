import type { z } from 'zod'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { PreviousNextPages } from '~/components/ui/pagination'
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/webhook-route'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { Table } from '~/components/ui/table'
import { DELIVERY_PAGE_SIZE } from '#contracts/news-out/webhooks'
import { formErrorsOf } from '~/lib/api-issues'
import { formatEventTime } from '~/lib/dates'
import { useFormReply, type FormReply } from '~/lib/form-reply'
import { pageTitle } from '~/lib/shell-texts'
import {
	ReplayFormSchema,
	WEBHOOK_FIELDS,
	WEBHOOK_INTENTS,
	WebhookFormSchema,
} from './webhook-forms'
import { requireScm } from '~/services/auth/session.server'
import { readForm, refuse } from '~/services/form.server'
import { ScmError } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import { kindLabel, WebhookFields } from './webhook-fields'

/**
 * /settings/webhooks/{id}: one webhook — edit it (URL, events, On), delete it, 'Send
 * test', and its delivery log (newest first, 20 a page by `page`): each delivery's state and the
 * status code of every attempt, with a Replay button. Plain forms; each action answers with a
 * redirect and a toast, a refused edit with the form as typed.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Webhook') }]

const notFound = (error: unknown) =>
	error instanceof ScmError && (error.status === 403 || error.status === 404)

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const { scm } = await requireScm(request, context)
	const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1)
	try {
		const [{ subscription }, log] = await Promise.all([
			scm.webhooks.read(params.id),
			scm.webhooks.deliveries(params.id, (page - 1) * DELIVERY_PAGE_SIZE),
		])
		return { subscription, page, ...log }
	} catch (error) {
		if (notFound(error)) throw data(null, { status: 404 })
		throw error
	}
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const { scm } = await requireScm(request, context)
	const form = await readForm(request)
	const intent = form.get('intent')
	const here = new URL(request.url).pathname
	const t = toasts(context)
	try {
		if (intent === WEBHOOK_INTENTS.update) {
			const submission = parseWithZod(form, { schema: WebhookFormSchema })
			if (submission.status !== 'success') return refuse(submission)
			const { url, description, event_kinds, enabled } = submission.value
			try {
				await scm.webhooks.update(params.id, {
					url,
					description: description ?? '',
					event_kinds,
					enabled: enabled ?? false,
				})
			} catch (error) {
				if (error instanceof ScmError && error.status === 400)
					return refuse(submission, formErrorsOf(error, WEBHOOK_FIELDS))
				throw error
			}
			return t.redirectWithSuccess(here, { message: 'Webhook saved' })
		}
		if (intent === WEBHOOK_INTENTS.remove) {
			await scm.webhooks.remove(params.id)
			return t.redirectWithSuccess('/settings/webhooks', { message: 'Webhook deleted' })
		}
		if (intent === WEBHOOK_INTENTS.test) {
			const { delivery } = await scm.webhooks.test(params.id)
			return delivery.status === 'delivered'
				? t.redirectWithSuccess(here, { message: `Test delivered: ${delivery.lastStatusCode}` })
				: t.redirectWithError(here, {
						message: 'Test not delivered',
						description: delivery.lastError ?? undefined,
					})
		}
		if (intent === WEBHOOK_INTENTS.replay) {
			const submission = parseWithZod(form, { schema: ReplayFormSchema })
			if (submission.status !== 'success')
				return t.redirectWithError(here, { message: 'Not a delivery of this webhook' })
			const { delivery } = await scm.webhooks.replay(params.id, submission.value.delivery_id)
			return delivery.status === 'delivered'
				? t.redirectWithSuccess(here, { message: `Replayed: ${delivery.lastStatusCode}` })
				: t.redirectWithError(here, {
						message: 'Replay not delivered yet',
						description: `${delivery.lastError ?? ''}${delivery.status === 'pending' ? ' — it will be tried again' : ''}`,
					})
		}
	} catch (error) {
		if (notFound(error)) throw data(null, { status: 404 })
		throw error
	}
	return data({ error: 'Unknown action' }, { status: 400 })
}

const STATUS_TONE = { delivered: 'green', pending: 'orange', failed: 'red' } as const

export default function Webhook({ loaderData }: Route.ComponentProps) {
	const { subscription: s, deliveries, total, page } = loaderData
	const reply = useFormReply<FormReply>(WEBHOOK_INTENTS.update)
	const [form, fields] = useForm<z.input<typeof WebhookFormSchema>>({
		id: 'webhook-edit',
		lastResult: reply?.result,
		constraint: getZodConstraint(WebhookFormSchema),
		shouldRevalidate: 'onInput',
	})
	const pages = Math.max(1, Math.ceil(total / DELIVERY_PAGE_SIZE))
	return (
		<div className="settings-page">
			<p>
				<Link to="/settings/webhooks">← All webhooks</Link>
			</p>
			<h1 className="webhook-url">Webhook {s.url}</h1>
			<p>
				{s.enabled ? <Badge tone="green">On</Badge> : <Badge tone="red">Off</Badge>}{' '}
				{s.enabled
					? s.consecutiveFailures
						? `${s.consecutiveFailures} failed attempts in a row`
						: 'Delivering'
					: `Switched off ${s.disabledAt ? formatEventTime(s.disabledAt, 'UTC') : ''}${s.disabledReason ? `: ${s.disabledReason}` : ''}. Deliveries wait until it is switched on.`}
			</p>
			<div className="settings-form__actions">
				<Form method="post">
					<input type="hidden" name="intent" value={WEBHOOK_INTENTS.test} />
					<Button type="submit" variant="primary">
						Send test
					</Button>
				</Form>
			</div>

			<section aria-labelledby="delivery-log-title">
				<h2 id="delivery-log-title">Delivery log ({total})</h2>
				{deliveries.length === 0 ? (
					<EmptyState>No deliveries yet.</EmptyState>
				) : (
					<Table label="Delivery log">
						<thead>
							<tr>
								<th scope="col">Created</th>
								<th scope="col">Event</th>
								<th scope="col">State</th>
								<th scope="col">Attempts (status codes)</th>
								<th scope="col">Last error</th>
								<th scope="col">
									<span className="visually-hidden">Actions</span>
								</th>
							</tr>
						</thead>
						<tbody>
							{deliveries.map((d) => (
								<tr key={d.id}>
									<td data-label="Created">{formatEventTime(d.createdAt, 'UTC')}</td>
									<td data-label="Event">
										{d.kind === 'webhook.test' ? 'Test' : kindLabel(d.kind)}
										{d.replayOf ? ' (replay)' : ''}
										<div className="muted">
											<code>{d.messageId}</code>
										</div>
									</td>
									<td data-label="State">
										<Badge tone={STATUS_TONE[d.status]}>
											{d.status === 'delivered'
												? 'Delivered'
												: d.status === 'pending'
													? 'Retrying'
													: 'Failed'}
										</Badge>
										{d.status === 'pending' && d.nextAttemptAt ? (
											<div className="muted">next {formatEventTime(d.nextAttemptAt, 'UTC')}</div>
										) : null}
									</td>
									<td data-label="Attempts (status codes)">
										<ol className="attempt-codes" aria-label={`Attempts of ${d.messageId}`}>
											{d.attemptLog.map((a, i) => (
												<li key={i} title={formatEventTime(a.attemptedAt, 'UTC')}>
													{a.statusCode ?? 'no answer'}
												</li>
											))}
										</ol>
									</td>
									<td data-label="Last error" className="webhook-error">
										{d.lastError ?? ''}
									</td>
									<td>
										<Form method="post">
											<input type="hidden" name="intent" value={WEBHOOK_INTENTS.replay} />
											<input type="hidden" name="delivery_id" value={d.id} />
											<Button
												type="submit"
												size="small"
												aria-label={`Replay ${d.messageId} of ${formatEventTime(d.createdAt, 'UTC')}`}
											>
												Replay
											</Button>
										</Form>
									</td>
								</tr>
							))}
						</tbody>
					</Table>
				)}
				<PreviousNextPages label="Delivery log pages" page={page} pages={pages} />
			</section>

			<section aria-labelledby="webhook-edit-title">
				<h2 id="webhook-edit-title">Edit</h2>
				<Form method="post" {...getFormProps(form)} className="settings-form">
					<input type="hidden" name="intent" value={WEBHOOK_INTENTS.update} />
					<WebhookFields fields={fields} formErrors={form.errors} current={s} />
					<div className="settings-form__actions">
						<Button type="submit" variant="primary">
							Save
						</Button>
					</div>
				</Form>
				<Form method="post" className="settings-form__danger">
					<input type="hidden" name="intent" value={WEBHOOK_INTENTS.remove} />
					<p>
						Deleting the webhook deletes its delivery log too; its signing secret stops working.
					</p>
					<Button type="submit" variant="danger">
						Delete webhook
					</Button>
				</Form>
			</section>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
