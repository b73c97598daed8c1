/**
 * The upload rules of 002 §5 and §9, written once for the API (which enforces
 * them) and the web app (which shows them before a file is sent). Plain
 * TypeScript, no zod: safe to import in the browser bundle.
 */

/** 002 §5 "Document upload: accepted extensions". */
export const DOCUMENT_EXTENSIONS = [
	'.csv',
	'.zip',
	'.doc',
	'.docx',
	'.pdf',
	'.txt',
	'.xls',
	'.xlsx',
	'.pptx',
	'.ppt',
] as const
/** 002 §5 "Photo upload accepts .jpg, .jpeg, .png, .gif". */
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'] as const

/**
 * Decision: the spec asks for "a size limit" without a figure (002 §9 names none).
 * 10 MB per document and per photo covers scanned paperwork and phone photos.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
/** At most this many photos in one 'Upload Photos' request. */
export const MAX_PHOTOS_PER_UPLOAD = 10

/** 002 §9: documents 5 a page, photos requested 30 at a time and shown 3 at a time. */
export const DOCUMENTS_PAGE_SIZE = 5
export const PHOTOS_REQUEST_LIMIT = 30
export const PHOTOS_PER_SLIDE = 3

/** The code of the document type that asks for 'Other document type' (002 §3, §4). */
export const OTHERS_CODE = 'OTHERS'

export const FILE_MESSAGES = {
	documentTypeRequired: 'Document Type is required',
	otherDocumentTypeRequired: 'Other document type is required',
	unknownDocumentType: 'Unknown document type',
	fileRequired: 'A file is required',
	noFiles: 'No files to upload.',
	/** After a refused 'Upload Photos': the photos are stored together or not at all. */
	noPhotoStored: 'No photo was uploaded: remove the photos named above and try again.',
	documentExtension: `Accepted file types: ${DOCUMENT_EXTENSIONS.join(', ')}`,
	photoExtension: `Accepted photo types: ${PHOTO_EXTENSIONS.join(', ')}`,
	tooLarge: (max: number) => `The file is larger than ${Math.round(max / 1024 / 1024)} MB`,
	tooManyPhotos: `At most ${MAX_PHOTOS_PER_UPLOAD} photos at a time`,
	/** 002 §7 "one request per file". */
	oneDocument: 'One document a request',
	emptyFile: 'The file is empty',
	contentMismatch: (ext: string, found: string | null) =>
		found
			? `The file's content does not match its extension ${ext} (it is a .${found} file)`
			: `The file's content does not match its extension ${ext}`,
	notesTooLong: 'Notes are at most 500 characters',
	fileNameTooLong: 'The file name is at most 200 characters',
} as const

/** The lower-case extension of a file name, with its dot ('' when none). */
export function extensionOf(fileName: string): string {
	const dot = fileName.lastIndexOf('.')
	return dot <= 0 ? '' : fileName.slice(dot).toLowerCase()
}

export const isDocumentExtension = (fileName: string) =>
	(DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))
export const isPhotoExtension = (fileName: string) =>
	(PHOTO_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))

/**
 * 002 §4 "Document upload": a random suffix from 0 to 98 is added to queued file
 * names, spaces removed: "Packing list.pdf" → "Packinglist42.pdf".
 */
export function queuedFileName(fileName: string, random: () => number = Math.random): string {
	const compact = fileName.replace(/\s+/g, '')
	const suffix = String(Math.floor(random() * 99))
	const ext = extensionOf(compact)
	return ext
		? `${compact.slice(0, compact.length - ext.length)}${suffix}${compact.slice(compact.length - ext.length)}`
		: `${compact}${suffix}`
}

/** A stored file name: the last path segment, without control characters, at most 200 characters. */
export function safeFileName(fileName: string): string {
	const base = fileName.split(/[/\\]/).pop() ?? ''
	// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
	const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim()
	if (clean.length <= 200) return clean
	const ext = extensionOf(clean)
	return clean.slice(0, 200 - ext.length) + ext
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
	const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_')
	return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * 002 §7 document download: "a CSV response is saved as a file; otherwise the file path opens in a
 * new tab".
 */
export function isSavedAsFile(contentType: string): boolean {
	return /^text\/csv\b/i.test(contentType)
}

/** Types that could run script in our origin if a browser showed them: never inline. */
const SCRIPTABLE =
	/^(text\/html|application\/xhtml\+xml|image\/svg\+xml|(text|application)\/xml|(text|application)\/(x-)?(java|ecma)script)\b/i

/**
 * Types served inline when asked (the new tab, the viewer, the lightbox), with their type (sniffed
 * at upload) and nosniff: every type but a CSV (saved) and what could script (downloaded).
 */
export function isInlineType(contentType: string): boolean {
	return !!contentType && !isSavedAsFile(contentType) && !SCRIPTABLE.test(contentType)
}
