import type { MapTiles } from '~/lib/map/style'
import { ButtonLink } from '~/components/ui/button'
import { TimelineTabs } from '~/components/timeline/tabs/timeline-tabs'
import type { TrackerTabData } from '~/lib/timeline/sensors'
import { TABS, withParams, type Tab } from '~/lib/timeline/url'
import { OrderDetailsCard } from './order-details-card'
import type { Carriers } from '../shipments/add-shipment'
import { RelatedOrdersCard, type RelatedPage } from '../related/related-orders-card'
import { ShipmentsCard, type ShipmentsPage } from '../shipments/shipments-card'
import { TagsCard } from './tags-card'
import { OrderCommentsCard } from '../comments/order-comments-card'
import type { OrderComments } from '~/lib/timeline/order-comments'
import { CalendarTab } from '~/components/timeline/tabs/calendar-tab'
import { CommentsTab, type CommentsTabData } from '../comments/comments-tab'
import { DocumentList, type DocumentsPage } from '../files/documents-tab'
import { DocumentsCard } from '../files/documents-card'
import { PhotosCard } from '../files/photos-card'
import { LocationTab } from '~/components/timeline/tabs/location-tab'
import { PhotoList } from '../files/photos-tab'
import { TrackerTab } from '../tracker/tracker-tab'
import type { ShipSet, TimelineEvent, TimelineNode } from '~/lib/timeline/types'

/** Right-hand tabs (002 §2 "Right-hand tabs") of the signed-in timeline: every tab's content. */
export function SideTabs(props: {
	tab: Tab
	search: string
	node: TimelineNode | null
	events: TimelineEvent[]
	shipSet: ShipSet
	/** The Tracker tab is offered (showsTrackerTab) and, when open, its data. */
	tracker: { shown: boolean; data: TrackerTabData | null; links: { label: string; href: string }[] }
	mapsApiKey: string | null
	mapTiles: MapTiles | null
	comments?: CommentsTabData
	documents: DocumentsPage
}) {
	const { tab, search, node, events, shipSet, tracker, mapsApiKey, mapTiles, documents } = props
	return (
		<TimelineTabs
			tabs={TABS.filter((t) => t !== 'tracker' || tracker.shown)}
			tab={tab}
			search={search}
			counts={{
				documents: shipSet.documents.totalCount,
				photos: shipSet.photos.totalCount,
				comments: shipSet.comments.totalCount,
			}}
		>
			{tab === 'calendar' ? <CalendarTab events={events} /> : null}
			{tab === 'location' ? (
				<LocationTab node={node} shipSet={shipSet} mapsApiKey={mapsApiKey} mapTiles={mapTiles} />
			) : null}
			{tab === 'tracker' && tracker.shown ? (
				<TrackerTab
					data={tracker.data}
					links={tracker.links}
					search={search}
					zone={node?.location?.timezone ?? null}
				/>
			) : null}
			{tab === 'documents' ? (
				<DocumentList shipSetId={shipSet.id} documents={documents} search={search} />
			) : null}
			{tab === 'photos' ? (
				<PhotoList shipSetId={shipSet.id} photos={shipSet.photos} search={search} />
			) : null}
			{tab === 'comments' ? (
				<CommentsTab shipSet={shipSet} node={node} search={search} {...props.comments} />
			) : null}
		</TimelineTabs>
	)
}

/** Side cards (002 §2 "Side widgets"); each card lives in its own module under ./cards. */
export function SideCards(props: {
	shipSet: ShipSet
	documents: DocumentsPage
	tagsCard: boolean
	detailsPage: number
	search: string
	cards: { shipments: ShipmentsPage; related: RelatedPage; carriers: Carriers | null | undefined }
	closeOrCancel: boolean
	orderComments: OrderComments | null
}) {
	const { shipSet, documents, tagsCard, detailsPage, search, cards, closeOrCancel, orderComments } =
		props
	return (
		<aside className="side-cards">
			<DocumentsCard shipSetId={shipSet.id} documents={documents} search={search} />
			<PhotosCard shipSet={shipSet} search={search} />
			<ShipmentsCard
				shipments={cards.shipments}
				closeOrCancel={closeOrCancel}
				carriers={cards.carriers}
				search={search}
			/>
			<RelatedOrdersCard related={cards.related} search={search} />
			<OrderDetailsCard shipSet={shipSet} detailsPage={detailsPage} search={search} />
			{tagsCard ? <TagsCard shipSet={shipSet} /> : null}
			<OrderCommentsCard comments={orderComments} search={search} />
			<ButtonLink
				className="historical-logs-button"
				to={withParams(search, { logs: '1' })}
				preventScrollReset
			>
				Historical Logs
			</ButtonLink>
		</aside>
	)
}
