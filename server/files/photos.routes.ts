import { OpenAPIHono } from '@hono/zod-openapi'
import { PhotosApi } from './photos.api'
import { guarded } from '../api/route'
import { randomUUID } from 'node:crypto'
import {
	FILE_MESSAGES,
	MAX_PHOTOS_PER_UPLOAD,
	MAX_PHOTO_BYTES,
	extensionOf,
	isPhotoExtension,
} from '../shared/file-rules'
import { checkedUpload, declaredUploadLimit, receiveUploads } from './uploads'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { ApiError, notFound } from '../errors'
import { validationHook } from '../api/errors'
import { checkContent } from './content'
import { requireOrder } from '../orders/scope'
import {
	findPhoto,
	insertPhotos,
	listPhotos,
	photoWire,
	updatePhotoNotes,
	type NewPhoto,
} from './files.queries'
import { fileResponse } from './responses'

/** The handlers of PhotosApi (routes described in server/files/photos.api.ts): guard, query, answer. */
const { list: getPhotos, upload: postPhotos, notes: putPhoto, download: downloadPhoto } = PhotosApi

export const photoRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(getPhotos, requireUser), async (c) => {
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		const { offset, limit } = c.req.valid('query')
		await requireOrder(c.var.deps.db, organizationId, id)
		return c.json(await listPhotos(c.var.deps.db, organizationId, id, offset, limit), 200)
	})
	.openapi(
		guarded(postPhotos, requireUser, declaredUploadLimit(MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD)),
		async (c) => {
			const { db, storage } = c.var.deps
			const { organizationId, userId } = c.var.caller
			const { id } = c.req.valid('param')
			const order = await requireOrder(db, organizationId, id)
			// Each photo goes to storage as it arrives; all are checked, then recorded together or all removed.
			const received = await receiveUploads(c, {
				storage,
				fileFields: ['file[]'],
				maxFileBytes: MAX_PHOTO_BYTES,
				maxFiles: MAX_PHOTOS_PER_UPLOAD,
				tooManyFiles: FILE_MESSAGES.tooManyPhotos,
				keyOf: () => `photos/${organizationId}/${order.id}/${randomUUID()}`,
			})
			try {
				if (received.files.length === 0) throw new ApiError(400, FILE_MESSAGES.noFiles)
				// A refusal names each refused photo, one a line.
				const rows: NewPhoto[] = []
				const refusals: ApiError[] = []
				for (const file of received.files) {
					let upload: ReturnType<typeof checkedUpload>
					try {
						upload = checkedUpload(file, MAX_PHOTO_BYTES)
					} catch (error) {
						if (!(error instanceof ApiError)) throw error
						refusals.push(new ApiError(error.status, `${file.name}: ${error.message}`))
						continue
					}
					const refuse = (message: string) =>
						refusals.push(new ApiError(400, `${upload.name}: ${message}`))
					if (!isPhotoExtension(upload.name)) {
						refuse(FILE_MESSAGES.photoExtension)
						continue
					}
					const content = await checkContent(upload.name, upload.head)
					if (!content.ok) {
						refuse(FILE_MESSAGES.contentMismatch(extensionOf(upload.name), content.found))
						continue
					}
					rows.push({
						id: upload.key.slice(upload.key.lastIndexOf('/') + 1),
						organizationId,
						shipSetId: order.id,
						userId,
						imageFileName: upload.name,
						contentType: content.contentType,
						fileSize: upload.size,
						storageKey: upload.key,
					})
				}
				if (refusals.length > 0)
					throw new ApiError(
						refusals.some((r) => r.status === 413) ? 413 : 400,
						refusals.map((r) => r.message).join('\n'),
					)
				const stored = await db.transaction((tx) => insertPhotos(tx, rows))
				return c.json({ photos: stored.map(photoWire) }, 201)
			} catch (error) {
				await received.discard()
				throw error
			}
		},
	)
	.openapi(guarded(putPhoto, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id, photoId } = c.req.valid('param')
		// Another tenant's order is a 404 like an unknown one, before the photo is looked for.
		await requireOrder(db, organizationId, id)
		const photo = await findPhoto(db, organizationId, id, photoId)
		if (!photo) throw notFound('Photo')
		const { notes } = c.req.valid('json')
		const row = await db.transaction((tx) => updatePhotoNotes(tx, photo, userId, notes.trim()))
		return c.json({ photo: photoWire(row) }, 200)
	})
	.openapi(guarded(downloadPhoto, requireUser), async (c) => {
		const { id, photoId } = c.req.valid('param')
		const photo = await findPhoto(c.var.deps.db, c.var.caller.organizationId, id, photoId)
		if (!photo) throw notFound('Photo')
		return fileResponse(
			c.var.deps.storage,
			photo.storageKey,
			photo.contentType,
			photo.imageFileName,
			c.req.valid('query').disposition,
		)
	})
