import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { PreviousNextPages } from '~/components/ui/pagination'
import { data } from 'react-router'
import type { Route } from './+types/outbox'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { formatEventTime } from '~/lib/dates'
import { pageTitle } from '~/lib/shell-texts'
import { requireScm } from '~/services/auth/session.server'
import { ScmError } from '~/services/scm.server'

/**
 * /outbox: the supply chain's e-mail outbox, for its administrators (docs/architecture.md rule 7:
 * "e-mail: an outbox table, readable by admins"). Not in the spec's route table: without SMTP
 * the share e-mails (with their guest links) stay here, so someone must be able to read them.
 * Others get 404, like any unknown page. Paged by `page` (20 a page), newest first.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Outbox') }]

const PAGE_SIZE = 20

export async function loader({ request, context }: Route.LoaderArgs) {
	const { scm } = await requireScm(request, context)
	const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1)
	try {
		const outbox = await scm.share.outbox((page - 1) * PAGE_SIZE, PAGE_SIZE)
		return { page, ...outbox }
	} catch (error) {
		if (error instanceof ScmError && error.status === 403) throw data(null, { status: 404 })
		throw error
	}
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
	const { page, emails, totalCount } = loaderData
	const pages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE))
	return (
		<div className="outbox-page">
			<h1>Outbox</h1>
			<p>
				E-mails of this supply chain, newest first ({totalCount}). Without SMTP configured they are
				kept here unsent.
			</p>
			{emails.length === 0 ? (
				<EmptyState>No e-mails.</EmptyState>
			) : (
				<ol className="outbox-list">
					{emails.map((e) => (
						<li key={e.id}>
							<article aria-label={`E-mail to ${e.to}: ${e.subject}`}>
								<h2>{e.subject}</h2>
								<p>
									To <strong>{e.to}</strong> · {formatEventTime(e.createdAt, 'UTC')} ·{' '}
									{e.sentAt
										? `sent ${formatEventTime(e.sentAt, 'UTC')}`
										: e.attempts
											? `not sent (${e.attempts} attempts: ${e.lastError ?? ''})`
											: 'not sent'}
								</p>
								<pre className="outbox-text">{e.text}</pre>
								{e.attachments.length ? (
									<ul className="outbox-attachments" aria-label="Attachments">
										{e.attachments.map((a) => (
											<li key={a.filename}>
												<Icon name="document" /> {a.filename} ({a.contentType},{' '}
												{a.size.toLocaleString('en-US')} bytes)
											</li>
										))}
									</ul>
								) : null}
							</article>
						</li>
					))}
				</ol>
			)}
			<PreviousNextPages label="Outbox pages" page={page} pages={pages} />
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
