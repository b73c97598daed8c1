import { data, Form, useNavigation } from 'react-router'
import type { Route } from './+types/import-route'
import { UUID } from '#shared/ids'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Button, ButtonLink } from '~/components/ui/button'
import { Table } from '~/components/ui/table'
import { formatEventTime } from '~/lib/dates'
import { importSummary, KIND_LABELS } from './imports'
import { pageTitle } from '~/lib/shell-texts'
import { ScmError } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import { requireSettings } from './settings.server'
import { SettingsTabs } from './settings-tabs'

/**
 * /settings/imports/{id}: one import's record (who, when, counts) and preview — each bad row with
 * why (the errors file downloads them with their cells) — and, while previewed, 'Import' for the
 * good rows, which the API checks again and writes in one transaction.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Import') }]

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const { scm } = await requireSettings(request, context)
	if (!UUID.test(params.id)) throw data(null, { status: 404 })
	try {
		return await scm.settings.import(params.id)
	} catch (error) {
		if (error instanceof ScmError && error.status === 404) throw data(null, { status: 404 })
		throw error
	}
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const { scm } = await requireSettings(request, context)
	if (!UUID.test(params.id)) throw data(null, { status: 404 })
	const back = `/settings/imports/${params.id}`
	try {
		const done = await scm.settings.runImport(params.id)
		return toasts(context).redirectWithSuccess(back, {
			message: 'Import',
			description: importSummary(done.import),
		})
	} catch (error) {
		if (error instanceof ScmError && (error.status === 409 || error.status === 400))
			return toasts(context).redirectWithError(back, {
				message: 'Import',
				description: error.message,
			})
		throw error
	}
}

export default function ImportPage({ loaderData }: Route.ComponentProps) {
	const { import: record, errors } = loaderData
	const navigation = useNavigation()
	const running = navigation.state === 'submitting'
	return (
		<div className="settings-page">
			<h1>Settings</h1>
			<SettingsTabs current="imports" />
			<section aria-labelledby="record-heading" className="settings-section">
				<h2 id="record-heading">Import of {record.fileName}</h2>
				<p className="settings-summary" data-testid="import-summary">
					{importSummary(record)}
				</p>
				<dl className="settings-record">
					<dt>Kind</dt>
					<dd>{KIND_LABELS[record.kind]}</dd>
					<dt>By</dt>
					<dd>{record.userEmail ?? 'Command line'}</dd>
					<dt>Uploaded</dt>
					<dd>{formatEventTime(record.createdAt, 'UTC')}</dd>
					<dt>Rows</dt>
					<dd>{record.totalRows}</dd>
					<dt>Imported</dt>
					<dd>{record.importedRows ?? 'Not yet'}</dd>
					<dt>Refused</dt>
					<dd>{record.badRows}</dd>
					{record.importedAt ? (
						<>
							<dt>Imported at</dt>
							<dd>{formatEventTime(record.importedAt, 'UTC')}</dd>
						</>
					) : null}
				</dl>
				{record.status === 'previewed' ? (
					<Form method="post" className="settings-form">
						{record.goodRows > 0 ? (
							<Button type="submit" variant="primary" disabled={running}>
								Import {record.goodRows} good {record.goodRows === 1 ? 'row' : 'rows'}
							</Button>
						) : (
							<p>No row can be imported: correct the file and upload it again.</p>
						)}
						{running ? (
							<p className="settings-progress" role="status">
								<progress aria-label={`Importing ${record.goodRows} rows`} /> Importing{' '}
								{record.goodRows} rows…
							</p>
						) : null}
					</Form>
				) : null}
			</section>
			<section aria-labelledby="errors-heading" className="settings-section">
				<h2 id="errors-heading">Bad rows</h2>
				{errors.length === 0 ? (
					<p>Every row is good.</p>
				) : (
					<>
						<p>
							<a href={`/settings/imports/${record.id}/errors.csv`} download>
								Download the errors file
							</a>{' '}
							(each bad row with its reason and its cells).
						</p>
						<Table label="Bad rows">
							<thead>
								<tr>
									<th scope="col">Row</th>
									<th scope="col">Why</th>
								</tr>
							</thead>
							<tbody>
								{errors.map((e) => (
									<tr key={e.row}>
										<th scope="row">{e.row}</th>
										<td data-label="Why">
											<ul className="settings-reasons">
												{e.messages.map((m) => (
													<li key={m}>{m}</li>
												))}
											</ul>
										</td>
									</tr>
								))}
							</tbody>
						</Table>
					</>
				)}
				<p>
					<ButtonLink to="/settings/imports">Back to imports</ButtonLink>
				</p>
			</section>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
