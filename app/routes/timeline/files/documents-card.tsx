import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { withParams } from '~/lib/timeline/url'
import { DocumentList, type DocumentsPage } from './documents-tab'

/** 002 §2 side widget 'Documents · n' with its 'Upload Documents' modal (`?upload=documents`). */
export function DocumentsCard({
	shipSetId,
	documents,
	search,
}: {
	shipSetId: string
	documents: DocumentsPage
	search: string
}) {
	return (
		<Card collapsible icon="document" title={<>Documents · {documents.totalCount}</>}>
			<DocumentList shipSetId={shipSetId} documents={documents} search={search} />
			<ButtonLink to={withParams(search, { upload: 'documents' })} preventScrollReset>
				Upload Documents
			</ButtonLink>
		</Card>
	)
}
