import type { ShipSet } from '../types'

/** 002 §2 Documents: the order's documents. */
export function DocumentList({ shipSet }: { shipSet: ShipSet }) {
	if (shipSet.documents.files.length === 0) return <p>No documents available.</p>
	return (
		<ul className="file-list">
			{shipSet.documents.files.map((d) => (
				<li key={d.id}>
					{d.fileFileName} <span className="file-type">{d.documentType?.code === 'OTHERS' ? d.otherDocumentType : d.documentType?.name}</span>
					{d.blockchainVerified ? <span className="badge"> MASTERCARD PROVENANCE VERIFIED</span> : null}
				</li>
			))}
		</ul>
	)
}
