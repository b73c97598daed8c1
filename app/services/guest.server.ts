import type { MapTiles } from '~/lib/map/style'
import { parseWithZod } from '@conform-to/zod/v4'
import { loadToggles } from './toggles.server'
import type { FormReply } from '~/lib/form-reply'
import { GuestNotificationFormSchema } from '~/lib/guest/notification-form'
import { data, type AppLoadContext } from 'react-router'
import type { GuestNotifType } from '#contracts/sharing/guest'
import { GuestApi } from '#api/sharing/guest'
import { PHOTOS_REQUEST_LIMIT } from '#shared/file-rules'
import { toastDuration } from '~/lib/error-catalogue'
import {
	guestErrorText,
	guestLinkParams,
	guestPhotosOffset,
	guestTexts,
	type GuestFileKind,
	type GuestLinkParams,
} from '~/lib/guest/restricted'
import { guestShipSet, type GuestShipSet } from '~/lib/guest/timeline'
import { COMMENT_PAGE_SIZE } from '~/lib/timeline/comments'
import { pageNumber } from '~/lib/timeline/url'
import { createScmCaller, ScmError } from './scm.server'
import { toasts } from './toast.server'
import { passThroughFile } from './file-stream.server'
import { readForm } from './form.server'

/**
 * The guest view's server side (000 §2 "Guest timeline", §6 "Guest", §7 guest calls),
 * shared by /guest/{shipSetId}/timeline and /timeline/{shipSetId} with a guest query.
 * The link's token, e-mail and supply chain come from the URL's query (the link a share
 * e-mail carries; no fragment) and go to the API as the spec's headers; no session is
 * read or written. The API checks the link; this side only says why a page cannot show.
 */

export type GuestPage =
	| { error: string }
	| {
			error: null
			/** The order as the timeline's components read it (002 §1), and a page of its comments. */
			shipSet: GuestShipSet
			comments: Restricted['comments']
			notifType: GuestNotifType | 'nodes' | null
			mapsApiKey: string | null
			mapTiles: MapTiles | null
			documents: GuestDocument[]
			/** The photos from `photos_offset` (30 a page; the restricted call brings the first 30). */
			photos: GuestPhoto[]
			photosOffset: number
			photosTotal: number
			/** 000 §6 analytics events of the guest timeline: its toggle for the link's supply chain. */
			analyticsEvents: boolean
			supplyChain: string
			/** The link's supply chain's timeline toggles (002 §6), as the signed-in page reads its own. */
			flags: {
				finalMileStatusFix: boolean
				finalTransitFix: boolean
				redesignedHeader: boolean
				singleColumnLastEvent: boolean
			}
			/** The time the page was read: the promise-date indicator's today. */
			now: string
	  }

type Restricted = Awaited<ReturnType<ReturnType<typeof guestClient>['timeline']>>
/** 002 §1: the order's own documents and photos, as the restricted call answers them. */
export type GuestDocument = Restricted['documents'][number]
export type GuestPhoto = Restricted['photos'][number]

function guestClient(context: AppLoadContext, link: GuestLinkParams) {
	const { call, stream } = createScmCaller(context)
	// 000 §6 "sets request headers (supply chain, bearer token, content type, e-mail)"; the web
	// tier's key and the browser's address let the API rate-limit per browser.
	const headers = {
		'X-Supply-Chain': link.supplyChain,
		Authorization: `Bearer ${link.token}`,
		'Content-Type': 'application/json',
		'X-Email': link.email,
		'X-Api-Key': context.webApiKey,
		'X-Client-Address': context.clientAddress,
	}
	const download = { ...headers, 'Content-Type': null }
	return {
		downloadFile: (
			id: string,
			kind: GuestFileKind,
			fileId: string,
			disposition: 'attachment' | 'inline',
		) =>
			kind === 'documents'
				? stream(
						GuestApi.downloadDocument,
						{ params: { id, documentId: fileId }, query: { disposition }, headers: download },
						'*/*',
					)
				: stream(
						GuestApi.downloadPhoto,
						{ params: { id, photoId: fileId }, query: { disposition }, headers: download },
						'*/*',
					),
		timeline: (id: string, commentsOffset: number) =>
			call(GuestApi.timeline, {
				params: { id },
				query: { comments_offset: commentsOffset },
				headers,
			}),
		photos: (id: string, offset: number) =>
			call(GuestApi.photos, {
				params: { id },
				query: { offset, limit: PHOTOS_REQUEST_LIMIT },
				headers,
			}),
		createNotification: (id: string, notifType: GuestNotifType) =>
			call(GuestApi.createNotification, {
				params: { id },
				headers,
				body: {
					notification: {
						view_type: 'customer',
						notif_type: notifType,
						nodes: [],
						comments: false,
						promise_date: false,
					},
				},
			}),
	}
}

function errorText(error: unknown): string {
	if (error instanceof ScmError) return guestErrorText(error.status, error.message)
	throw error
}

/** The page's data: the restricted record as shown, or the one line saying why not. */
export async function loadGuestPage(
	request: Request,
	context: AppLoadContext,
	shipSetId: string,
): Promise<{ guest: GuestPage }> {
	const query = new URL(request.url).searchParams
	const link = guestLinkParams(query)
	if (!link) return { guest: { error: guestTexts.invalidToken } }
	try {
		const client = guestClient(context, link)
		// Photos past the first 30 (002 §9 "request limit 30"): the page `photos_offset` names, read beside the order.
		const photosOffset = guestPhotosOffset(query.get('photos_offset'))
		const commentsOffset = (pageNumber(query.get('comments_page')) - 1) * COMMENT_PAGE_SIZE
		const [read, later, toggles] = await Promise.all([
			client.timeline(shipSetId, commentsOffset),
			photosOffset > 0 ? client.photos(shipSetId, photosOffset) : null,
			loadToggles(context, link.supplyChain).catch(() => null),
		])
		return {
			guest: {
				error: null,
				shipSet: guestShipSet(read.shipSet),
				comments: read.comments,
				notifType: read.notification?.notifType ?? null,
				mapsApiKey: context.googleMapsApiKey,
				mapTiles: context.mapTiles,
				documents: read.documents,
				photos: later ? later.photos : read.photos,
				photosOffset: later ? photosOffset : 0,
				photosTotal: later ? later.totalCount : read.photosTotalCount,
				analyticsEvents: toggles?.analyticsEventsGuestTimeline ?? false,
				supplyChain: link.supplyChain,
				flags: {
					finalMileStatusFix: toggles?.finalMileStatusFix ?? false,
					finalTransitFix: toggles?.groupedNodeFinalTransitFix ?? false,
					redesignedHeader: toggles?.redesignedHeader ?? false,
					singleColumnLastEvent: toggles?.singleColumnLastEvent ?? false,
				},
				now: new Date().toISOString(),
			},
		}
	} catch (error) {
		return { guest: { error: errorText(error) } }
	}
}

/**
 * /guest/{shipSetId}/documents/{documentId} and /photos/{photoId} (002 §1 "A guest may
 * still … open or download documents and view photos"): the link's query goes to the API
 * as the guest headers and the file streams back with its type and name. A refused link
 * or another order's file is 404 here (the page itself says why a link does not open).
 */
export async function guestFileDownload(
	request: Request,
	context: AppLoadContext,
	shipSetId: string,
	kind: GuestFileKind,
	fileId: string,
) {
	const query = new URL(request.url).searchParams
	const link = guestLinkParams(query)
	if (!link) throw new Response(guestTexts.invalidToken, { status: 401 })
	try {
		const response = await guestClient(context, link).downloadFile(
			shipSetId,
			kind,
			fileId,
			query.get('disposition') === 'inline' ? 'inline' : 'attachment',
		)
		return passThroughFile(response)
	} catch (error) {
		if (error instanceof ScmError && error.status === 401)
			throw new Response(guestTexts.invalidToken, { status: 401 })
		if (error instanceof ScmError && (error.status === 404 || error.status === 400))
			throw new Response('Not Found', { status: 404 })
		throw error
	}
}

/**
 * The notification form (000 §7 "POST /guest/{id}/create_notification … success toast";
 * §8 "Guest notification success: Toast 'Notification Order' / 'You have set
 * notification'"): a plain form post, so it works without JavaScript; success redirects
 * back to the same link with the toast, a refusal keeps the choice and says why.
 */
export async function guestNotificationAction(
	request: Request,
	context: AppLoadContext,
	shipSetId: string,
) {
	const url = new URL(request.url)
	const form = await readForm(request)
	const submission = parseWithZod(form, { schema: GuestNotificationFormSchema })
	const link = guestLinkParams(url.searchParams)
	if (!link)
		return data(
			{ result: submission.reply({ formErrors: [guestTexts.invalidToken] }) } satisfies FormReply,
			{ status: 401 },
		)
	if (submission.status !== 'success')
		return data({ result: submission.reply() } satisfies FormReply, { status: 400 })
	try {
		await guestClient(context, link).createNotification(shipSetId, submission.value.notif_type)
	} catch (error) {
		const status = error instanceof ScmError ? error.status : 500
		return data(
			{ result: submission.reply({ formErrors: [errorText(error)] }) } satisfies FormReply,
			{ status },
		)
	}
	return toasts(context).redirectWithSuccess(`${url.pathname}${url.search}`, {
		message: guestTexts.toastTitle,
		description: guestTexts.toastMessage,
		duration: toastDuration(url.pathname),
	})
}
