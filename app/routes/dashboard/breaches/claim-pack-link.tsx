import { Icon } from '~/components/ui/icon'

/** Where a breach's claim pack downloads from (claim-pack-download.tsx). */
const claimPackHref = (breachedOrderId: string) =>
	`/dashboard/breaches/${encodeURIComponent(breachedOrderId)}/claim-pack`

/**
 * 'Download claim pack' ("from a breach's detail, one download … so a shipper can file a
 * claim"): a plain link to the zip, so it downloads with or without JavaScript. For ongoing and
 * historical breaches; `context` names the breach for screen readers where several are listed.
 */
export function ClaimPackLink({
	breachedOrderId,
	context,
	className,
}: {
	breachedOrderId: string
	context?: string
	className?: string
}) {
	return (
		<a
			href={claimPackHref(breachedOrderId)}
			download
			className={['claim-pack-link', className].filter(Boolean).join(' ')}
			data-claim-pack={breachedOrderId}
		>
			<Icon name="download" />
			<span>Download claim pack</span>
			{context ? <span className="visually-hidden"> ({context})</span> : null}
		</a>
	)
}
