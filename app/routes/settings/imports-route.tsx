import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/imports-route'
import { ATTRIBUTE_PREFIX, EVENT_COLUMNS, ORDER_COLUMNS } from '#contracts/ingest/import-columns'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { Field } from '~/components/ui/field'
import { Table } from '~/components/ui/table'
import { formErrorsOf } from '~/lib/api-issues'
import { formatEventTime } from '~/lib/dates'
import { IMPORT_FORM_BYTES, ImportFormSchema, KIND_LABELS } from './imports'
import { pageTitle } from '~/lib/shell-texts'
import { readForm, refuse } from '~/services/form.server'
import { ScmError } from '~/services/scm.server'
import { requireSettings } from './settings.server'
import { SettingsTabs } from './settings-tabs'

/**
 * /settings/imports ("CSV import for people"): upload a CSV of orders and shipments or of
 * events; the API checks every row and keeps the file as a preview, which opens at
 * /settings/imports/{id} (each bad row and why, then 'Import' for the good ones). Below, the
 * record of every import. A plain multipart form: works without JavaScript; with it, the upload
 * shows its progress.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Import') }]

export async function loader({ request, context }: Route.LoaderArgs) {
	const { scm } = await requireSettings(request, context)
	return scm.settings.imports()
}

export async function action({ request, context }: Route.ActionArgs) {
	const { scm } = await requireSettings(request, context)
	const submission = parseWithZod(await readForm(request, IMPORT_FORM_BYTES), {
		schema: ImportFormSchema,
	})
	if (submission.status !== 'success') return refuse(submission)
	const { file } = submission.value
	try {
		const preview = await scm.settings.createImport(file.name, await file.text())
		return redirect(`/settings/imports/${preview.import.id}`)
	} catch (error) {
		if (error instanceof ScmError && error.status === 400)
			return refuse(submission, formErrorsOf(error, { content: 'file', file_name: 'file' }))
		throw error
	}
}

export default function Imports({ loaderData, actionData }: Route.ComponentProps) {
	const [form, fields] = useForm({
		id: 'import-upload',
		lastResult: actionData?.result,
		constraint: getZodConstraint(ImportFormSchema),
		shouldValidate: 'onSubmit',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ImportFormSchema }),
	})
	const navigation = useNavigation()
	const uploading =
		navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
	return (
		<div className="settings-page">
			<h1>Settings</h1>
			<SettingsTabs current="imports" />
			<section aria-labelledby="import-heading" className="settings-section">
				<h2 id="import-heading">Import</h2>
				<p>
					Upload a CSV of orders and shipments (one row per shipment) or of events (one row per
					event). Every row is checked first: you see each bad row and why, then import the good
					ones in one go. Templates:{' '}
					<a href="/settings/imports/templates/orders.csv" download>
						orders and shipments
					</a>
					,{' '}
					<a href="/settings/imports/templates/events.csv" download>
						events
					</a>
					.
				</p>
				<details className="settings-columns">
					<summary>Columns</summary>
					<p>
						Orders and shipments: <code>{ORDER_COLUMNS.join(', ')}</code>, and{' '}
						<code>{ATTRIBUTE_PREFIX}NAME</code> for a custom attribute. Required:{' '}
						<code>order_number</code>; <code>shipment_id</code> makes the row a shipment too, and{' '}
						<code>travels_with</code> names the <code>shipment_id</code> of another shipment of the
						order that it travels with (one place on the order&rsquo;s strip).
					</p>
					<p>
						Events: <code>{EVENT_COLUMNS.join(', ')}</code>. Required:{' '}
						<code>event_id, order_number, title, type, event_at, timezone, building_type</code>.
						Times are ISO 8601 with an offset (<code>2026-12-01T09:00:00-06:00</code>); yes/no
						columns take yes, no, true, false, 1 or 0.
					</p>
				</details>
				<Form
					method="post"
					encType="multipart/form-data"
					{...getFormProps(form)}
					className="card-form settings-form"
				>
					<Field
						id={fields.file.id}
						label="CSV file"
						hint="At most 10,000 rows (5 MB)"
						errors={fields.file.errors}
					>
						{(control) => (
							<input
								{...control}
								type="file"
								name={fields.file.name}
								accept=".csv,text/csv"
								aria-required="true"
							/>
						)}
					</Field>
					<Button type="submit" variant="primary" disabled={uploading}>
						Check file
					</Button>
					{uploading ? (
						<p className="settings-progress" role="status">
							<progress aria-label="Uploading and checking the file" /> Uploading and checking the
							file…
						</p>
					) : null}
				</Form>
			</section>
			<section aria-labelledby="history-heading" className="settings-section">
				<h2 id="history-heading">Imports</h2>
				{loaderData.imports.length === 0 ? (
					<EmptyState>No imports yet.</EmptyState>
				) : (
					<Table label="Imports">
						<thead>
							<tr>
								<th scope="col">File</th>
								<th scope="col">Kind</th>
								<th scope="col">By</th>
								<th scope="col">When</th>
								<th scope="col">Status</th>
								<th scope="col">Imported</th>
								<th scope="col">Refused</th>
							</tr>
						</thead>
						<tbody>
							{loaderData.imports.map((r) => (
								<tr key={r.id}>
									<th scope="row">
										<Link to={`/settings/imports/${r.id}`}>{r.fileName}</Link>
									</th>
									<td data-label="Kind">{KIND_LABELS[r.kind]}</td>
									<td data-label="By">{r.userEmail ?? 'Command line'}</td>
									<td data-label="When">{formatEventTime(r.createdAt, 'UTC')}</td>
									<td data-label="Status">{r.status === 'imported' ? 'Imported' : 'Previewed'}</td>
									<td data-label="Imported">{r.importedRows ?? '–'}</td>
									<td data-label="Refused">{r.badRows}</td>
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
