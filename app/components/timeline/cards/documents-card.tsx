import { Card } from '~/components/ui/card'
import { Link } from 'react-router'
import { withParams } from '~/lib/timeline/url'
import { DocumentList, type DocumentsPage } from '../tabs/documents-tab'

/** 002 §2 side widget 'Documents · n' with its 'Upload Documents' modal (`?upload=documents`). */
export function DocumentsCard({ shipSetId, documents, search }: { shipSetId: string; documents: DocumentsPage; search: string }) {
	return (
		<Card collapsible title={<>Documents · {documents.totalCount}</>}>
			<DocumentList shipSetId={shipSetId} documents={documents} search={search} />
			<Link className="button" to={withParams(search, { upload: 'documents' })} preventScrollReset>
				Upload Documents
			</Link>
		</Card>
	)
}
