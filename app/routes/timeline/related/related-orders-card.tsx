import { useTimelineForm } from '~/lib/timeline/use-timeline-form'
import { TIMELINE_TOAST_MS } from '~/lib/timeline/load-toast'
import { EmptyState } from '~/components/ui/empty-state'
import { Card } from '~/components/ui/card'
import { useId } from 'react'
import { TIMELINE_INTENTS } from '~/lib/timeline/intents'
import { Link, useLocation } from 'react-router'
import { Toaster } from '~/components/toaster'
import { getFormProps } from '@conform-to/react'
import type { Camelize } from '~/lib/camelize'
import { cardPagerVisible, pageCount } from '~/lib/timeline/paging'
import {
	AddRelatedFormSchema,
	parseConfirm,
	RELATED_TOAST_TITLE,
} from '~/lib/timeline/shipment-forms'
import { withParams } from '~/lib/timeline/url'
import type { RelatedShipSetsResponse } from '#contracts/shipments/shipments'
import { ConfirmDialog, useOpenValue } from '../page/card-modal'
import { Dialog, DialogActions } from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
import { CardPages } from '../page/card-pages'

type RelatedView = Camelize<RelatedShipSetsResponse['related_ship_sets'][number]>
export interface RelatedPage {
	items: RelatedView[]
	total: number
	page: number
}

/**
 * 002 §2 side widget "Related Orders · n": links to each related order (/related_order/{id}),
 * 5 a page (`?related=`), modal 'Add Related Order' (`?add_related=1`) and the confirm dialog
 * 'Remove Related Order' (`?confirm=unrelate:{relationId}`).
 */
export function RelatedOrdersCard({ related, search }: { related: RelatedPage; search: string }) {
	const q = new URLSearchParams(useLocation().search)
	const add = useOpenValue(q.get('add_related') ? 'open' : null)
	const urlConfirm = parseConfirm(q.get('confirm'))
	const confirm = useOpenValue(
		urlConfirm?.action === 'unrelate' ? `unrelate:${urlConfirm.id}` : null,
	)
	const asked = parseConfirm(confirm.value)
	const target = asked ? related.items.find((r) => r.id === asked.id) : undefined
	return (
		<Card collapsible icon="related" title={<>Related Orders · {related.total}</>}>
			<p>
				<Link
					to={withParams(search, { add_related: '1' })}
					onClick={add.opener('open')}
					className="card-action"
				>
					Add Related Order
				</Link>
			</p>
			{related.total === 0 ? (
				<EmptyState>No related orders available.</EmptyState>
			) : (
				<ul className="related-list">
					{related.items.map((r) => (
						<li key={r.id}>
							<Link
								id={`related-${r.id}`}
								to={`/related_order/${r.shipSetId}`}
								target="_blank"
								rel="noopener"
							>
								{r.shipSetName}
							</Link>{' '}
							{/* Named 'Remove related order', described by the order's link, so the order's name stays one link's name. */}
							<Link
								to={withParams(search, { confirm: `unrelate:${r.id}` })}
								onClick={confirm.opener(`unrelate:${r.id}`)}
								aria-label="Remove related order"
								aria-describedby={`related-${r.id}`}
								className="card-action"
							>
								Remove
							</Link>
						</li>
					))}
				</ul>
			)}
			{cardPagerVisible(related.total) ? (
				<CardPages
					label="Related order pages"
					param="related"
					page={related.page}
					pages={pageCount(related.total)}
					search={search}
				/>
			) : null}
			{add.value ? <AddRelatedDialog search={search} onClose={add.onClose} /> : null}
			{asked?.action === 'unrelate' && target ? (
				<ConfirmDialog
					title="Remove Related Order"
					text={`Are you sure you want to remove ${target.shipSetName} from the related orders? This action cannot be undone.`}
					capability="related"
					fields={{ intent: TIMELINE_INTENTS.related.remove, relationId: target.id }}
					search={search}
					onClose={confirm.onClose}
				/>
			) : null}
		</Card>
	)
}

/** 'Add Related Order' (002 §5: "order number required ('Order number is required')"; §8 "Add failure: warning with the server's message"). */
function AddRelatedDialog({
	search,
	onClose,
}: {
	search: string
	onClose: (() => void) | undefined
}) {
	const id = useId()
	const { fetcher, action, form, fields } = useTimelineForm(
		'related',
		TIMELINE_INTENTS.related.add,
		{ id: `${id}-add-related`, schema: AddRelatedFormSchema },
	)
	const order = fields.order_number
	const warning = form.errors?.[0]
	return (
		<Dialog
			title="Add Related Order"
			closeTo={withParams(search, { add_related: null })}
			onClose={onClose}
		>
			<fetcher.Form method="post" action={action} {...getFormProps(form)} className="card-form">
				<input type="hidden" name="intent" value={TIMELINE_INTENTS.related.add} />
				<Field id={order.id} label="Order number" errors={order.errors}>
					{(control) => (
						<input
							{...control}
							name={order.name}
							defaultValue={order.initialValue ?? ''}
							maxLength={100}
							aria-required="true"
							data-autofocus
						/>
					)}
				</Field>
				<DialogActions submit="Submit" cancel="Cancel" busy={fetcher.state !== 'idle'} />
				{/* The last refusal's warning, until the next attempt is sent: it must not stand beside that attempt's own toast. */}
				{fetcher.state === 'idle' && warning ? (
					<Toaster
						toasts={[
							{
								type: 'warning',
								message: RELATED_TOAST_TITLE,
								description: warning,
								duration: TIMELINE_TOAST_MS,
							},
						]}
					/>
				) : null}
			</fetcher.Form>
		</Dialog>
	)
}
