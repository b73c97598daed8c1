/**
 * 002 §2 "Document viewer overlay": "It opens with a loader and reloads its preview source
 * about every 2000 ms until loaded"; §9 "Document viewer timeouts 2000, 2800 and 1400 ms;
 * preview reloads every 2000 ms until loaded". The preview is our own download route
 * (`disposition=inline`), for the types a browser shows itself; the others offer Download.
 */

export const PREVIEW_RETRY_MS = 2000

export type PreviewKind = 'pdf' | 'image' | 'text' | 'other'

/** What the viewer can show in the page: a PDF or a text file in a frame, an image, or only a Download link. */
export function viewerKind(contentType: string): PreviewKind {
	if (/^application\/pdf\b/.test(contentType)) return 'pdf'
	if (/^image\/(png|jpeg|gif)\b/.test(contentType)) return 'image'
	if (/^text\/plain\b/.test(contentType)) return 'text'
	return 'other'
}

/** The preview's source for its n-th attempt: the first is the plain inline URL, each reload a new one. */
export function previewSource(inlineHref: string, attempt: number): string {
	if (attempt === 0) return inlineHref
	return `${inlineHref}${inlineHref.includes('?') ? '&' : '?'}attempt=${attempt}`
}
