import { createRoute } from '@hono/zod-openapi'
import {
	ErrorBody,
	SupplyChainHeaders,
	errorResponses,
	jsonContent,
	fileDownloadResponses,
} from '../shared/common'
import {
	DownloadQuery,
	FilesOrderParams,
	PhotoNotesBody,
	PhotoParams,
	PhotoResponse,
	PhotoUploadForm,
	PhotosCreatedResponse,
	PhotosQuery,
	PhotosResponse,
} from './files.contract'
import { MAX_PHOTOS_PER_UPLOAD, MAX_PHOTO_BYTES } from '../shared/file-rules'

const tags = ['Photos']
const orderMissing = jsonContent(ErrorBody, 'No such order in this supply chain')

const getPhotos = createRoute({
	tags,
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/photos',
	summary: 'The order’s photos, newest first (002 §7; limit defaults to 30)',
	request: { headers: SupplyChainHeaders, params: FilesOrderParams, query: PhotosQuery },
	responses: {
		200: jsonContent(PhotosResponse, 'Photos and their total'),
		...errorResponses,
		404: orderMissing,
	},
})

const postPhotos = createRoute({
	tags,
	security: [{ bearer: [] }],
	method: 'post',
	path: '/api/web/ship_sets/{id}/photos',
	summary: 'Upload photos together (002 §4 "Photo upload"; multipart, repeated field file[])',
	description:
		`Accepted: .jpg, .jpeg, .png, .gif, checked by content; at most ${MAX_PHOTOS_PER_UPLOAD} photos of ${MAX_PHOTO_BYTES / 1024 / 1024} MB each. ` +
		'All or nothing: one refused photo refuses the request and nothing is stored.',
	request: {
		headers: SupplyChainHeaders,
		params: FilesOrderParams,
		body: { required: true, content: { 'multipart/form-data': { schema: PhotoUploadForm } } },
	},
	responses: {
		201: jsonContent(PhotosCreatedResponse, 'The stored photos'),
		...errorResponses,
		400: jsonContent(
			ErrorBody,
			'No photo, or photos of the wrong type or content (the message names each, one a line); none is stored',
		),
		404: orderMissing,
		413: jsonContent(ErrorBody, 'A photo is over the size limit'),
	},
})

const putPhoto = createRoute({
	tags,
	security: [{ bearer: [] }],
	method: 'put',
	path: '/api/web/ship_sets/{id}/photos/{photoId}',
	summary: '‘Comment on Photo’: save the photo’s notes',
	request: {
		headers: SupplyChainHeaders,
		params: PhotoParams,
		body: { required: true, content: { 'application/json': { schema: PhotoNotesBody } } },
	},
	responses: {
		200: jsonContent(PhotoResponse, 'The photo'),
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such photo of this order'),
	},
})

const downloadPhoto = createRoute({
	tags,
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/photos/{photoId}/download',
	summary: 'The photo’s bytes, with its type and file name',
	request: { headers: SupplyChainHeaders, params: PhotoParams, query: DownloadQuery },
	responses: fileDownloadResponses('The photo'),
})

export const PhotosApi = {
	list: getPhotos,
	upload: postPhotos,
	notes: putPhoto,
	download: downloadPhoto,
}
