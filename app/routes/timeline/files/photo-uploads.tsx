import { useTimelineForm } from '~/lib/timeline/use-timeline-form'
import { Button } from '~/components/ui/button'
import { Link, useLocation } from 'react-router'
import { getFormProps } from '@conform-to/react'
import { PHOTO_FILES, PhotoNotesFormSchema } from '~/lib/timeline/files'
import { withParams } from '~/lib/timeline/url'
import { FILE_MESSAGES, PHOTO_EXTENSIONS } from '#shared/file-rules'
import { Dialog } from '~/components/ui/dialog'
import type { TimelinePhoto } from './photos-tab'
import { INTENT } from './file-uploads'

/**
 * 'Upload Photos' (002 §4 "Photo upload"): several photos together (.jpg, .jpeg, .png, .gif);
 * afterwards the processed list (`processed` in the URL) offers 'Comment on Photo' per photo.
 * They are stored together or not at all, so a refusal names every refused photo and says none
 * was stored.
 */
export function UploadPhotosDialog({
	processed,
	search,
}: {
	processed: TimelinePhoto[]
	search: string
}) {
	// A new form after each navigation (the redirect of a successful upload): a fetcher keeps its
	// last answer across a redirect, and an earlier refusal must not stay on screen.
	const { key } = useLocation()
	return (
		<Dialog
			title="Upload Photos"
			closeTo={withParams(search, { upload: null, processed: null })}
			className="upload-dialog"
		>
			<UploadPhotosForm key={key} />
			{processed.length > 0 ? (
				<ul className="processed-photos" aria-label="Uploaded photos">
					{processed.map((p) => (
						<li key={p.id}>
							{p.imageFileName}{' '}
							<Link
								to={withParams(search, { photo_comment: p.id })}
								preventScrollReset
								aria-label={`Comment on Photo ${p.imageFileName}`}
							>
								Comment on Photo
							</Link>
						</li>
					))}
				</ul>
			) : null}
		</Dialog>
	)
}

function UploadPhotosForm() {
	const { fetcher, action, reply, form } = useTimelineForm('files', INTENT.uploadPhotos, {
		id: 'upload-photos',
	})
	const errors = reply?.result.error?.[PHOTO_FILES]?.flatMap((m) => m.split('\n'))
	const filesRefused = errors?.some((m) => m !== FILE_MESSAGES.noFiles)
	return (
		<fetcher.Form
			method="post"
			action={action}
			encType="multipart/form-data"
			{...getFormProps(form)}
			preventScrollReset
		>
			<input type="hidden" name="intent" value={INTENT.uploadPhotos} />
			<label>
				Photos ({PHOTO_EXTENSIONS.join(', ')})
				<input
					type="file"
					name={PHOTO_FILES}
					multiple
					accept={PHOTO_EXTENSIONS.join(',')}
					aria-invalid={errors ? true : undefined}
					aria-describedby={errors ? 'upload-photos-error' : undefined}
				/>
			</label>
			{errors ? (
				<div id="upload-photos-error" role="alert" className="field-error">
					{errors.map((m, i) => (
						<p key={i}>{m}</p>
					))}
					{filesRefused ? <p>{FILE_MESSAGES.noPhotoStored}</p> : null}
				</div>
			) : null}
			<Button variant="primary" type="submit" disabled={fetcher.state !== 'idle'}>
				{fetcher.state !== 'idle' ? 'Uploading…' : 'UPLOAD'}
			</Button>
		</fetcher.Form>
	)
}

/** 'Comment on Photo' (002 §2, §7 PUT notes): saves the photo's notes; toast 'Photos – Comment added'. */
export function CommentOnPhotoDialog({ photo, search }: { photo: TimelinePhoto; search: string }) {
	const { fetcher, action, form, fields } = useTimelineForm('files', INTENT.photoNotes, {
		id: `photo-notes-${photo.id}`,
		schema: PhotoNotesFormSchema,
		validate: 'onBlur',
	})
	const typed =
		typeof fields.notes.initialValue === 'string' ? fields.notes.initialValue : (photo.notes ?? '')
	const error = fields.notes.errors?.[0] ?? fields.photo_id.errors?.[0]
	return (
		<Dialog
			title="Comment on Photo"
			closeTo={withParams(search, { photo_comment: null })}
			className="upload-dialog"
		>
			<p>{photo.imageFileName}</p>
			<fetcher.Form method="post" action={action} {...getFormProps(form)} preventScrollReset>
				<input type="hidden" name="intent" value={INTENT.photoNotes} />
				<input type="hidden" name="photo_id" value={photo.id} />
				<label>
					Comment
					<textarea
						name={fields.notes.name}
						defaultValue={typed}
						maxLength={500}
						rows={3}
						aria-invalid={error ? true : undefined}
					/>
				</label>
				{error ? (
					<p role="alert" className="field-error">
						{error}
					</p>
				) : null}
				<Button variant="primary" type="submit" disabled={fetcher.state !== 'idle'}>
					SAVE
				</Button>
			</fetcher.Form>
		</Dialog>
	)
}
