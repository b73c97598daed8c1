import { EmptyState } from '~/components/ui/empty-state'
import { buttonClass } from '~/components/ui/button'
import { Badge } from '~/components/ui/badge'
import { Link } from 'react-router'
import {
	documentTypeLabel,
	fileHref,
	formatDocumentTime,
	showDocumentPager,
	viewerKind,
} from '~/lib/timeline/files'
import { withParams } from '~/lib/timeline/url'
import { DOCUMENTS_PAGE_SIZE } from '#contracts/file-rules'
import { Dialog } from '~/components/ui/dialog'
import { CardPages } from '~/components/timeline/cards/card-pages'
import type { ShipSet } from '~/components/timeline/types'

export type TimelineDocument = ShipSet['documents']['files'][number]

/** One page of the order's documents (002 §9: 5 a page) and where it starts. */
export interface DocumentsPage {
	files: TimelineDocument[]
	totalCount: number
	page: number
}

/**
 * 002 §2 Documents (tab and card): each document opens the viewer (`?document=`), with its
 * type, date and a Download link; 'No documents available.' when none; the pager
 * (`documents_page`) is hidden under 5 documents (§5).
 */
export function DocumentList({
	shipSetId,
	documents,
	search,
}: {
	shipSetId: string
	documents: DocumentsPage
	search: string
}) {
	if (documents.totalCount === 0) return <EmptyState>No documents available.</EmptyState>
	const pages = Math.ceil(documents.totalCount / DOCUMENTS_PAGE_SIZE)
	return (
		<>
			<ul className="file-list">
				{documents.files.map((d) => (
					<li key={d.id}>
						<Link to={withParams(search, { document: d.id })} preventScrollReset>
							{d.fileFileName}
						</Link>{' '}
						<span className="file-type">{documentTypeLabel(d)}</span>{' '}
						<time className="file-date" dateTime={d.createdAt}>
							{formatDocumentTime(d.createdAt)}
						</time>{' '}
						{d.blockchainVerified ? (
							<Badge tone="verified">MASTERCARD PROVENANCE VERIFIED</Badge>
						) : null}{' '}
						<a
							href={fileHref(shipSetId, 'documents', d.id)}
							download={d.fileFileName}
							aria-label={`Download ${d.fileFileName}`}
						>
							Download
						</a>
					</li>
				))}
			</ul>
			{showDocumentPager(documents.totalCount) && pages > 1 ? (
				<CardPages label="Document pages" param="documents_page" page={documents.page} pages={pages} search={search} />
			) : null}
		</>
	)
}

/**
 * 002 §2 "Document viewer overlay": the document, its file name and type name, the marker
 * 'MASTERCARD PROVENANCE VERIFIED' when verified, and DOWNLOAD. PDFs show in a frame
 * and images as images, both from the download route with `inline`; other types offer
 * only the download. Decision: the spec's external viewer service and its reload loop
 * (2000 ms) are not needed — the preview comes from our own route, in one request.
 */
export function DocumentViewer({
	shipSetId,
	doc,
	search,
}: {
	shipSetId: string
	doc: TimelineDocument
	search: string
}) {
	const kind = viewerKind(doc.fileContentType)
	const inline = fileHref(shipSetId, 'documents', doc.id, true)
	return (
		<Dialog
			size="large"
			title={doc.fileFileName}
			closeTo={withParams(search, { document: null })}
			className="document-viewer"
		>
			<p>
				<span className="file-type">{documentTypeLabel(doc)}</span>
				{doc.blockchainVerified ? (
					<Badge tone="verified">MASTERCARD PROVENANCE VERIFIED</Badge>
				) : null}
			</p>
			<div className="viewer-preview">
				{kind === 'pdf' ? <iframe title={`Preview of ${doc.fileFileName}`} src={inline} /> : null}
				{kind === 'image' ? <img src={inline} alt={doc.fileFileName} /> : null}
				{kind === 'other' ? <p>This file type has no preview; download it to open it.</p> : null}
			</div>
			<a
				className={buttonClass('primary')}
				href={fileHref(shipSetId, 'documents', doc.id)}
				download={doc.fileFileName}
			>
				DOWNLOAD
			</a>
		</Dialog>
	)
}
