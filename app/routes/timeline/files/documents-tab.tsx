import { EmptyState } from '~/components/ui/empty-state'
import { Link } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { Badge } from '~/components/ui/badge'
import {
	documentTypeLabel,
	documentLink,
	fileHref,
	formatDocumentTime,
	showDocumentPager,
} from '~/lib/timeline/files'
import { viewerKind } from '~/lib/timeline/document-preview'
import { DocumentPreview } from './document-preview'
import { withParams } from '~/lib/timeline/url'
import { DOCUMENTS_PAGE_SIZE } from '#shared/file-rules'
import { Dialog } from '~/components/ui/dialog'
import { CardPages } from '../page/card-pages'
import type { ShipSet } from '~/lib/timeline/types'

type TimelineDocument = ShipSet['documents']['files'][number]

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
							{...documentLink(d, (inline) => fileHref(shipSetId, 'documents', d.id, inline))}
							aria-label={`Download ${d.fileFileName}`}
						>
							Download
						</a>
					</li>
				))}
			</ul>
			{showDocumentPager(documents.totalCount) && pages > 1 ? (
				<CardPages
					label="Document pages"
					param="documents_page"
					page={documents.page}
					pages={pages}
					search={search}
				/>
			) : null}
		</>
	)
}

/**
 * 002 §2 "Document viewer overlay": the document, its file name and type name, the marker
 * 'MASTERCARD PROVENANCE VERIFIED' when verified, and DOWNLOAD. The preview (PDF, image,
 * text) comes from our own download route with `inline`, behind the spec's loader and its
 * reload every 2000 ms until loaded (./document-preview.tsx); other types offer only the
 * download. The spec's external viewer service is not needed: the file is our own.
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
			<DocumentPreview key={doc.id} kind={kind} href={inline} fileName={doc.fileFileName} />
			<a
				className={buttonClass('primary')}
				{...documentLink(doc, (inline) => fileHref(shipSetId, 'documents', doc.id, inline))}
			>
				DOWNLOAD
			</a>
		</Dialog>
	)
}
