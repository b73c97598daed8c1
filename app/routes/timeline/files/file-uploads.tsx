import { EmptyState } from '~/components/ui/empty-state'
import { Button } from '~/components/ui/button'
import { Table } from '~/components/ui/table'
import { useState } from 'react'
import { TIMELINE_INTENTS, useTimelineAction } from '~/lib/timeline/intents'
import { Form, useRevalidator } from 'react-router'
import { getFormProps, useForm } from '@conform-to/react'
import { useFormReply } from '~/lib/form-reply'
import { documentField, type UploadDocumentsReply } from '~/lib/timeline/files'
import { withParams } from '~/lib/timeline/url'
import { DOCUMENT_EXTENSIONS, FILE_MESSAGES, OTHERS_CODE, queuedFileName } from '#shared/file-rules'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Dialog } from '~/components/ui/dialog'

interface UploadDetail {
	fileName: string
	result: string
}
export interface DocumentTypeOption {
	id: string
	name: string
	code: string
}

export const INTENT = TIMELINE_INTENTS.files

/** 002 §4 "Upload Details": each file with 'Success' or the server's error text. */
function UploadDetailsTable({ details }: { details: UploadDetail[] }) {
	return (
		<Table label="Upload details" className="upload-details">
			<caption>Upload Details</caption>
			<thead>
				<tr>
					<th scope="col">File</th>
					<th scope="col">Result</th>
				</tr>
			</thead>
			<tbody>
				{details.map((d, i) => (
					<tr key={`${d.fileName}-${i}`}>
						<td data-label="File">{d.fileName}</td>
						<td data-label="Result" className={d.result === 'Success' ? 'success' : 'error'}>
							{d.result}
						</td>
					</tr>
				))}
			</tbody>
		</Table>
	)
}

function TypeOptions({ types }: { types: DocumentTypeOption[] }) {
	return (
		<>
			<option value="">Select a document type</option>
			{types.map((t) => (
				<option key={t.id} value={t.id}>
					{t.name}
				</option>
			))}
		</>
	)
}

const ROWS_WITHOUT_JS = 5
const accept = DOCUMENT_EXTENSIONS.join(',')

interface Queued {
	key: string
	file: File
	fileName: string
	typeId: string
	other: string
}

/**
 * 'Upload Documents' (002 §2 side widget, §4 "Document upload", §5): a queue of files, each
 * needing a document type ('Document Type is required'; 'Other document type' for OTHERS),
 * sent one request at a time, each result in the Upload Details table.
 * With JavaScript: a queue fed by a multi-file picker, UPLOAD disabled until every file has
 * a type, then one fetch per file. Without: five file rows in one multipart post; the
 * action sends each file on its own and answers the table.
 */
export function UploadDocumentsDialog({
	shipSetId,
	types,
	search,
}: {
	shipSetId: string
	types: DocumentTypeOption[]
	search: string
}) {
	const hydrated = useHydrated()
	return (
		<Dialog
			title="Upload Documents"
			closeTo={withParams(search, { upload: null })}
			className="upload-dialog"
		>
			<p className="hint">Accepted: {DOCUMENT_EXTENSIONS.join(', ')}</p>
			{hydrated ? (
				<DocumentQueue shipSetId={shipSetId} types={types} />
			) : (
				<DocumentRowsForm types={types} />
			)}
		</Dialog>
	)
}

function DocumentQueue({ shipSetId, types }: { shipSetId: string; types: DocumentTypeOption[] }) {
	const [queue, setQueue] = useState<Queued[]>([])
	const [details, setDetails] = useState<UploadDetail[]>([])
	const [busy, setBusy] = useState(false)
	const revalidator = useRevalidator()
	const isOthers = (typeId: string) => types.find((t) => t.id === typeId)?.code === OTHERS_CODE
	const ready =
		queue.length > 0 && queue.every((q) => q.typeId && (!isOthers(q.typeId) || q.other.trim()))
	const update = (key: string, change: Partial<Queued>) =>
		setQueue((list) => list.map((q) => (q.key === key ? { ...q, ...change } : q)))

	async function upload() {
		setBusy(true)
		const results: UploadDetail[] = []
		for (const item of queue) {
			const body = new FormData()
			body.append(documentField(1, 'file'), item.file, item.fileName)
			body.append(documentField(1, 'file_name'), item.fileName)
			body.append(documentField(1, 'document_type_id'), item.typeId)
			if (isOthers(item.typeId))
				body.append(documentField(1, 'other_document_type'), item.other.trim())
			let result = 'Failed'
			try {
				const response = await fetch(`/timeline/${shipSetId}/documents/upload`, {
					method: 'POST',
					body,
				})
				const answer = (await response.json()) as Partial<UploadDetail>
				result = answer.result || 'Failed'
			} catch {
				// network failure or not JSON: 'Failed' (002 §8)
			}
			results.push({ fileName: item.fileName, result })
			setDetails([...results])
		}
		setQueue([])
		setBusy(false)
		await revalidator.revalidate()
	}

	return (
		<div className="document-queue">
			<label>
				Choose files
				<input
					type="file"
					multiple
					accept={accept}
					onChange={(e) => {
						const files = [...(e.currentTarget.files ?? [])]
						setQueue((list) => [
							...list,
							...files.map((file) => ({
								key: crypto.randomUUID(),
								file,
								fileName: queuedFileName(file.name),
								typeId: '',
								other: '',
							})),
						])
						e.currentTarget.value = ''
					}}
				/>
			</label>
			{queue.length === 0 ? (
				<EmptyState>No files to upload.</EmptyState>
			) : (
				<ul className="queue">
					{queue.map((q) => (
						<li key={q.key}>
							<span className="queued-name">{q.fileName}</span>
							<label htmlFor={`type-${q.key}`}>Document type of {q.fileName}</label>
							<select
								id={`type-${q.key}`}
								value={q.typeId}
								onChange={(e) => update(q.key, { typeId: e.currentTarget.value })}
								aria-invalid={!q.typeId}
							>
								<TypeOptions types={types} />
							</select>
							{!q.typeId ? (
								<span className="field-error">{FILE_MESSAGES.documentTypeRequired}</span>
							) : null}
							{isOthers(q.typeId) ? (
								<label>
									Other document type of {q.fileName}
									<input
										value={q.other}
										maxLength={100}
										aria-invalid={!q.other.trim()}
										onChange={(e) => update(q.key, { other: e.currentTarget.value })}
									/>
								</label>
							) : null}
							{isOthers(q.typeId) && !q.other.trim() ? (
								<span className="field-error">{FILE_MESSAGES.otherDocumentTypeRequired}</span>
							) : null}
							<Button
								size="small"
								type="button"
								onClick={() => setQueue((list) => list.filter((x) => x.key !== q.key))}
								aria-label={`Remove ${q.fileName}`}
							>
								Remove
							</Button>
						</li>
					))}
				</ul>
			)}
			<Button
				variant="primary"
				type="button"
				disabled={!ready || busy}
				onClick={() => void upload()}
			>
				{busy ? 'Uploading…' : 'UPLOAD'}
			</Button>
			{details.length > 0 ? <UploadDetailsTable details={details} /> : null}
		</div>
	)
}

function DocumentRowsForm({ types }: { types: DocumentTypeOption[] }) {
	const action = useTimelineAction('files')
	const reply = useFormReply<UploadDocumentsReply>(INTENT.uploadDocuments)
	const [form] = useForm({ id: 'upload-documents', lastResult: reply?.result })
	const errors = reply?.result.error ?? {}
	// What was chosen, row by row (Conform gives the posted rows back as `documents[row]`).
	const posted = (reply?.result.initialValue?.documents ?? []) as unknown as (
		Record<string, unknown> | undefined
	)[]
	const value = (row: number, key: string) => String(posted[row]?.[key] ?? '')
	return (
		<Form
			method="post"
			action={action}
			encType="multipart/form-data"
			{...getFormProps(form)}
			className="document-rows"
			preventScrollReset
		>
			<input type="hidden" name="intent" value={INTENT.uploadDocuments} />
			{form.errors?.length ? <p role="alert">{form.errors[0]}</p> : null}
			{Array.from({ length: ROWS_WITHOUT_JS }, (_, i) => i + 1).map((row) => {
				const typeKey = documentField(row, 'document_type_id')
				const otherKey = documentField(row, 'other_document_type')
				return (
					<fieldset key={row}>
						<legend>File {row}</legend>
						<label>
							File {row}
							<input type="file" name={documentField(row, 'file')} accept={accept} />
						</label>
						<label htmlFor={`document-type-${row}`}>Document type {row}</label>
						<select
							id={`document-type-${row}`}
							name={typeKey}
							defaultValue={value(row, 'document_type_id')}
							aria-invalid={errors[typeKey] ? true : undefined}
						>
							<TypeOptions types={types} />
						</select>
						{errors[typeKey]?.map((m) => (
							<span key={m} className="field-error">
								{m}
							</span>
						))}
						<label>
							Other document type {row} (when the type is Others)
							<input
								name={otherKey}
								defaultValue={value(row, 'other_document_type')}
								maxLength={100}
							/>
						</label>
						{errors[otherKey]?.map((m) => (
							<span key={m} className="field-error">
								{m}
							</span>
						))}
					</fieldset>
				)
			})}
			<Button variant="primary" type="submit">
				UPLOAD
			</Button>
			{reply?.uploadDetails ? <UploadDetailsTable details={reply.uploadDetails} /> : null}
		</Form>
	)
}
