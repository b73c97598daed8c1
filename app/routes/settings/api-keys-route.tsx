import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useNavigation } from 'react-router'
import type { Route } from './+types/api-keys-route'
import { INGEST_SCOPES } from '#contracts/ingest/ingest'
import { SCOPE_LABELS } from '#contracts/settings/settings'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { Field, FieldErrors } from '~/components/ui/field'
import { Table } from '~/components/ui/table'
import { formErrorsOf } from '~/lib/api-issues'
import { formatEventTime } from '~/lib/dates'
import {
	API_KEY_INTENTS,
	CreateApiKeyFormSchema,
	lastUsedText,
	RevokeApiKeyFormSchema,
} from './api-key-forms'
import { pageTitle } from '~/lib/shell-texts'
import { readForm, refuse } from '~/services/form.server'
import { ScmError } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import { requireSettings } from './settings.server'
import { SettingsTabs } from './settings-tabs'

/**
 * /settings/api-keys ("Machine credentials"): the supply chain's machine keys for a user
 * with CORE.UPDATE_SUPPLY_CHAIN_SETTINGS (others get 404, as /outbox). 'Create key' takes a name
 * and scopes and answers the key on this page once (the API keeps only its hash; reloading does
 * not show it again); each live key can be revoked. Plain forms: works without JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('API keys') }]

export async function loader({ request, context }: Route.LoaderArgs) {
	const { scm } = await requireSettings(request, context)
	const { apiKeys } = await scm.settings.apiKeys()
	return { apiKeys }
}

export async function action({ request, context }: Route.ActionArgs) {
	const { scm } = await requireSettings(request, context)
	const form = await readForm(request)
	if (form.get('intent') === API_KEY_INTENTS.revoke) {
		const submission = parseWithZod(form, { schema: RevokeApiKeyFormSchema })
		if (submission.status !== 'success') return refuse(submission)
		try {
			await scm.settings.revokeApiKey(submission.value.id)
		} catch (error) {
			if (error instanceof ScmError && error.status === 404)
				return refuse(submission, { formErrors: ['This key is no longer there'], fieldErrors: {} })
			throw error
		}
		return toasts(context).redirectWithSuccess('/settings/api-keys', {
			message: 'API key',
			description: 'You have revoked the key',
		})
	}
	const submission = parseWithZod(form, { schema: CreateApiKeyFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	try {
		const created = await scm.settings.createApiKey(submission.value.name, submission.value.scopes)
		const { apiKeys } = await scm.settings.apiKeys()
		// The key in this answer only: a reload or another visit lists it by its prefix.
		return data({ created: { name: created.apiKey.name, key: created.key }, apiKeys })
	} catch (error) {
		if (error instanceof ScmError && error.status === 400)
			return refuse(submission, formErrorsOf(error, { name: 'name', scopes: 'scopes' }))
		throw error
	}
}

export default function ApiKeys({ loaderData, actionData }: Route.ComponentProps) {
	const created = actionData && 'created' in actionData ? actionData.created : null
	const apiKeys = actionData && 'apiKeys' in actionData ? actionData.apiKeys : loaderData.apiKeys
	const reply = actionData && 'result' in actionData ? actionData.result : undefined
	const creating = reply?.initialValue?.intent !== API_KEY_INTENTS.revoke
	const [form, fields] = useForm({
		id: 'create-api-key',
		lastResult: creating ? reply : undefined,
		constraint: getZodConstraint(CreateApiKeyFormSchema),
		shouldValidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateApiKeyFormSchema }),
	})
	const busy = useNavigation().state === 'submitting'
	const chosen = fields.scopes.initialValue
	const checked = (scope: string) =>
		Array.isArray(chosen) ? chosen.includes(scope) : chosen === undefined || chosen === scope
	return (
		<div className="settings-page">
			<h1>Settings</h1>
			<SettingsTabs current="api-keys" />
			<section aria-labelledby="keys-heading" className="settings-section">
				<h2 id="keys-heading">API keys</h2>
				<p>
					Systems send orders, shipments, events and sensor readings with a key of this supply chain
					(<a href="/api/docs">API reference</a>). A key acts only within this supply chain and only
					for its scopes.
				</p>
				{created ? (
					<div className="settings-secret" role="status" aria-labelledby="new-key-heading">
						<h3 id="new-key-heading">Key ‘{created.name}’ created</h3>
						<p>Copy it now: it is shown this once and cannot be shown again.</p>
						<label htmlFor="new-key">New key</label>
						<input
							id="new-key"
							readOnly
							value={created.key}
							className="settings-secret__value"
							onFocus={(e) => e.currentTarget.select()}
						/>
					</div>
				) : null}
				<Form method="post" {...getFormProps(form)} className="card-form settings-form">
					<input type="hidden" name="intent" value={API_KEY_INTENTS.create} />
					<h3>Create a key</h3>
					<FieldErrors messages={creating ? form.errors : null} />
					<Field
						id={fields.name.id}
						label="Name"
						hint="Where it is used, e.g. ‘ERP’ or ‘Dock scanners’"
						errors={fields.name.errors}
					>
						{(control) => (
							<input
								{...control}
								name={fields.name.name}
								defaultValue={fields.name.initialValue ?? ''}
								maxLength={100}
								aria-required="true"
							/>
						)}
					</Field>
					<fieldset
						className="settings-scopes"
						aria-describedby={
							fields.scopes.errors?.length ? `${fields.scopes.id}-error` : undefined
						}
					>
						<legend>Scopes</legend>
						{INGEST_SCOPES.map((scope) => (
							<label key={scope} className="checkbox">
								<input
									type="checkbox"
									name={fields.scopes.name}
									value={scope}
									defaultChecked={checked(scope)}
								/>{' '}
								{SCOPE_LABELS[scope]} <code>{scope}</code>
							</label>
						))}
						<FieldErrors id={`${fields.scopes.id}-error`} messages={fields.scopes.errors} />
					</fieldset>
					<Button type="submit" variant="primary" disabled={busy}>
						Create key
					</Button>
				</Form>
				{apiKeys.length === 0 ? (
					<EmptyState>No API keys yet.</EmptyState>
				) : (
					<Table label="API keys">
						<thead>
							<tr>
								<th scope="col">Name</th>
								<th scope="col">Key</th>
								<th scope="col">Scopes</th>
								<th scope="col">Created</th>
								<th scope="col">Last used</th>
								<th scope="col">Status</th>
							</tr>
						</thead>
						<tbody>
							{apiKeys.map((k) => (
								<tr key={k.id}>
									<th scope="row">{k.name}</th>
									<td data-label="Key">
										<code>{k.prefix}…</code>
									</td>
									<td data-label="Scopes">{k.scopes.join(', ')}</td>
									<td data-label="Created">{formatEventTime(k.createdAt, 'UTC')}</td>
									<td data-label="Last used">
										{lastUsedText(k.lastUsedAt, (iso) => formatEventTime(iso, 'UTC'))}
									</td>
									<td data-label="Status">
										{k.revokedAt ? (
											`Revoked ${formatEventTime(k.revokedAt, 'UTC')}`
										) : (
											<Form method="post" className="inline-form">
												<input type="hidden" name="intent" value={API_KEY_INTENTS.revoke} />
												<input type="hidden" name="id" value={k.id} />
												<Button
													type="submit"
													variant="danger"
													size="small"
													disabled={busy}
													aria-label={`Revoke ${k.name}`}
												>
													Revoke
												</Button>
											</Form>
										)}
									</td>
								</tr>
							))}
						</tbody>
					</Table>
				)}
			</section>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
