import type { z } from 'zod'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/webhooks-route'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { Table } from '~/components/ui/table'
import { formErrorsOf } from '~/lib/api-issues'
import { useFormReply, type FormReply } from '~/lib/form-reply'
import { pageTitle } from '~/lib/shell-texts'
import { WEBHOOK_FIELDS, WEBHOOK_INTENTS, WebhookFormSchema } from './webhook-forms'
import { requireScm } from '~/services/auth/session.server'
import { readForm, refuse } from '~/services/form.server'
import { ScmError } from '~/services/scm.server'
import { kindLabel, WebhookFields } from './webhook-fields'

/**
 * /settings/webhooks: the supply chain's outbound webhooks, for members with
 * CORE.UPDATE_SUPPLY_CHAIN_SETTINGS (others get 404, like /outbox). A plain form adds one; its
 * signing secret is shown on the page that answers the post, once, and never again.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Webhooks') }]

export async function loader({ request, context }: Route.LoaderArgs) {
	const { scm } = await requireScm(request, context)
	try {
		return await scm.webhooks.list()
	} catch (error) {
		if (error instanceof ScmError && error.status === 403) throw data(null, { status: 404 })
		throw error
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { scm } = await requireScm(request, context)
	const submission = parseWithZod(await readForm(request), { schema: WebhookFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	const { url, description, event_kinds } = submission.value
	try {
		const { subscription, secret } = await scm.webhooks.create({
			url,
			description: description ?? '',
			event_kinds,
		})
		return { created: { id: subscription.id, url: subscription.url, secret } }
	} catch (error) {
		if (error instanceof ScmError && error.status === 400)
			return refuse(submission, formErrorsOf(error, WEBHOOK_FIELDS))
		if (error instanceof ScmError && error.status === 403) throw data(null, { status: 404 })
		throw error
	}
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
	const { subscriptions } = loaderData
	const created = actionData && 'created' in actionData ? actionData.created : null
	const reply = useFormReply<FormReply>(WEBHOOK_INTENTS.create)
	const [form, fields] = useForm<z.input<typeof WebhookFormSchema>>({
		id: 'webhook-create',
		// After a success the form starts empty again.
		lastResult: created ? undefined : reply?.result,
		constraint: getZodConstraint(WebhookFormSchema),
		shouldRevalidate: 'onInput',
	})
	return (
		<div className="settings-page">
			<h1>Webhooks</h1>
			<p>
				Waymark POSTs what happens to this supply chain’s orders to these addresses, signed as the{' '}
				<a href="https://www.standardwebhooks.com/">Standard Webhooks</a> specification says
				(headers <code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
				<code>webhook-signature</code>). A delivery that fails is tried again for a day.
			</p>
			{created ? (
				<section className="webhook-secret" aria-labelledby="secret-title" role="status">
					<h2 id="secret-title">Webhook added: copy its signing secret now</h2>
					<p>
						This is the only time the secret of <strong>{created.url}</strong> is shown. Your
						receiver verifies each delivery with it.
					</p>
					<label htmlFor="webhook-secret">Signing secret</label>
					<input
						id="webhook-secret"
						readOnly
						value={created.secret}
						className="webhook-secret__value"
					/>
					<p>
						<Link to={`/settings/webhooks/${created.id}`}>
							Open the webhook (send a test, read its log)
						</Link>
					</p>
				</section>
			) : null}
			<section aria-labelledby="webhook-list-title">
				<h2 id="webhook-list-title">Subscriptions</h2>
				{subscriptions.length === 0 ? (
					<EmptyState>No webhooks yet.</EmptyState>
				) : (
					<Table label="Webhook subscriptions">
						<thead>
							<tr>
								<th scope="col">URL</th>
								<th scope="col">Events</th>
								<th scope="col">State</th>
							</tr>
						</thead>
						<tbody>
							{subscriptions.map((s) => (
								<tr key={s.id}>
									<td data-label="URL" className="webhook-url">
										<Link to={`/settings/webhooks/${s.id}`}>{s.url}</Link>
										{s.description ? <div className="muted">{s.description}</div> : null}
									</td>
									<td data-label="Events">{s.eventKinds.map(kindLabel).join(', ')}</td>
									<td data-label="State">
										{s.enabled ? <Badge tone="green">On</Badge> : <Badge tone="red">Off</Badge>}
									</td>
								</tr>
							))}
						</tbody>
					</Table>
				)}
			</section>
			<section aria-labelledby="webhook-add-title">
				<h2 id="webhook-add-title">Add a webhook</h2>
				<Form method="post" {...getFormProps(form)} className="settings-form">
					<input type="hidden" name="intent" value={WEBHOOK_INTENTS.create} />
					<WebhookFields fields={fields} formErrors={form.errors} />
					<div className="settings-form__actions">
						<Button type="submit" variant="primary">
							Add webhook
						</Button>
					</div>
				</Form>
			</section>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
