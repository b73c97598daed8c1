import { EmptyState } from '~/components/ui/empty-state'
import { Card } from '~/components/ui/card'
import { Badge } from '~/components/ui/badge'
import { Link, useLocation } from 'react-router'
import { TIMELINE_INTENTS } from '~/lib/timeline/intents'
import type { Camelize } from '~/lib/camelize'
import { cardPagerVisible, pageCount } from '~/lib/timeline/paging'
import { parseConfirm } from '~/lib/timeline/shipment-forms'
import { withParams } from '~/lib/timeline/url'
import {
	shipmentActions,
	shipmentBadgeColour,
	shipmentConfirmText,
	shipmentStatusLabel,
	type ShipmentAction,
} from '#contracts/shipments/rules'
import type { ShipmentsResponse } from '#contracts/shipments/shipments'
import { AddShipmentDialog, type Carriers } from './add-shipment'
import { ConfirmDialog, useOpenValue } from '../page/card-modal'
import { CardPages } from '../page/card-pages'
import { Icon } from '~/components/ui/icon'

type ShipmentRowView = Camelize<ShipmentsResponse['shipments'][number]>
export interface ShipmentsPage {
	items: ShipmentRowView[]
	total: number
	page: number
}

const ACTION_LABELS: Record<ShipmentAction, string> = {
	close: 'Mark as closed',
	cancel: 'Mark as canceled',
	remove: 'Remove Shipment',
}
const NOT_REMOVABLE =
	'Shipments that were not manually created, or were already tracked, cannot be removed.'

/**
 * 002 §2 side widget "Shipments · n" with 'Shipment Details' (`?shipment=`) and 'Add Shipment'
 * (`?add_shipment=1`), 5 a page (`?shipments=`); each row's actions follow 002 §4 "Shipment statuses
 * and actions" and each asks its confirmation (`?confirm={action}:{id}`).
 */
export function ShipmentsCard(props: {
	shipments: ShipmentsPage
	closeOrCancel: boolean
	/** The Add Shipment form's, when the URL opens it (else the form reads them). */
	carriers: Carriers | null | undefined
	search: string
}) {
	const { shipments, closeOrCancel, carriers, search } = props
	const q = new URLSearchParams(useLocation().search)
	const add = useOpenValue(q.get('add_shipment') ? 'open' : null)
	const urlConfirm = parseConfirm(q.get('confirm'))
	const confirm = useOpenValue(
		urlConfirm && urlConfirm.action !== 'unrelate' ? `${urlConfirm.action}:${urlConfirm.id}` : null,
	)
	const asked = parseConfirm(confirm.value)
	const target = asked ? shipments.items.find((s) => s.id === asked.id) : undefined
	const pages = pageCount(shipments.total)
	return (
		<Card collapsible icon="shipment" title={<>Shipments · {shipments.total}</>}>
			<p>
				<Link
					to={withParams(search, { add_shipment: '1' })}
					onClick={add.opener('open')}
					className="card-action"
				>
					Add Shipment
				</Link>
			</p>
			{shipments.total === 0 ? (
				<EmptyState>No shipments available.</EmptyState>
			) : (
				<ul className="shipment-list">
					{shipments.items.map((s) => {
						const actions = shipmentActions(s, closeOrCancel)
						return (
							<li key={s.id}>
								<Link to={withParams(search, { node_connectable_id: s.id, nodeId: null })}>
									{s.trackingNumber ?? 'N/A'}
								</Link>{' '}
								<Link
									to={withParams(search, { shipment: s.id })}
									aria-label={`Details of ${s.trackingNumber ?? 'shipment'}`}
								>
									details
								</Link>{' '}
								<span>{s.carrier?.name}</span>{' '}
								<Badge tone={shipmentBadgeColour(s.status)} className="badge">
									{shipmentStatusLabel(s.status)}
								</Badge>
								{s.finalMile ? (
									<>
										{' '}
										<Badge className="badge">Final Mile</Badge>
									</>
								) : null}
								<span className="shipment-actions">
									{actions.map((a) => (
										<Link
											key={a}
											to={withParams(search, { confirm: `${a}:${s.id}` })}
											onClick={confirm.opener(`${a}:${s.id}`)}
											className={
												a === 'remove' && !closeOrCancel ? 'card-action trash' : 'card-action'
											}
											aria-label={`${ACTION_LABELS[a]} ${s.trackingNumber ?? ''}`.trim()}
										>
											{a === 'remove' && !closeOrCancel ? <Icon name="trash" /> : ACTION_LABELS[a]}
										</Link>
									))}
									{!actions.includes('remove') ? (
										<span
											className="trash trash-disabled"
											title={NOT_REMOVABLE}
											aria-label={NOT_REMOVABLE}
											role="img"
										>
											<Icon name="trash" />
										</span>
									) : null}
								</span>
							</li>
						)
					})}
				</ul>
			)}
			{cardPagerVisible(shipments.total) ? (
				<CardPages
					label="Shipment pages"
					param="shipments"
					page={shipments.page}
					pages={pages}
					search={search}
				/>
			) : null}
			{add.value ? (
				<AddShipmentDialog carriers={carriers} search={search} onClose={add.onClose} />
			) : null}
			{asked &&
			asked.action !== 'unrelate' &&
			target &&
			shipmentActions(target, closeOrCancel).includes(asked.action) ? (
				<ConfirmDialog
					title={ACTION_LABELS[asked.action]}
					text={shipmentConfirmText(asked.action, target.trackingNumber)}
					capability="shipments"
					fields={{ intent: TIMELINE_INTENTS.shipments[asked.action], shipmentId: target.id }}
					search={search}
					onClose={confirm.onClose}
				/>
			) : null}
		</Card>
	)
}
