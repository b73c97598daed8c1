import { relations } from 'drizzle-orm'
import { memberships, organizations, users } from './accounts'
import { commentMentions, comments, documents, historicalLogs, photos } from './collaboration'
import { follows, recentlyViewed, shareRecipients, shares } from './engagement'
import { customAttributes, relatedShipSets, shipSetTags } from './order-details'
import { events, nodes, shipmentReferences, shipments, shipSets, trackingGroups } from './orders'
import {
	carriers,
	conveyanceTypes,
	customAttributeTypes,
	documentTypes,
	locations,
	orderTypes,
	substatusTypes,
	statusTypes,
	tags,
} from './reference'
import {
	breachedOrderShipSets,
	breachedOrders,
	measurementExceptionSummaries,
	thresholdSettings,
	trackingGroupDrivers,
	trackingGroupItemReferences,
	trackingGroupItems,
} from './sensors'

/** Relations for drizzle's relational query API (db.query.*). Only the paths the API walks. */

export const organizationsRelations = relations(organizations, ({ many }) => ({
	memberships: many(memberships),
}))

export const usersRelations = relations(users, ({ many }) => ({
	memberships: many(memberships),
}))

export const membershipsRelations = relations(memberships, ({ one }) => ({
	user: one(users, { fields: [memberships.userId], references: [users.id] }),
	organization: one(organizations, {
		fields: [memberships.organizationId],
		references: [organizations.id],
	}),
}))

export const carriersRelations = relations(carriers, ({ one }) => ({
	conveyanceType: one(conveyanceTypes, {
		fields: [carriers.conveyanceTypeId],
		references: [conveyanceTypes.id],
	}),
}))

export const substatusTypesRelations = relations(substatusTypes, ({ one }) => ({
	statusType: one(statusTypes, {
		fields: [substatusTypes.statusTypeId],
		references: [statusTypes.id],
	}),
}))

export const shipSetsRelations = relations(shipSets, ({ one, many }) => ({
	organization: one(organizations, {
		fields: [shipSets.organizationId],
		references: [organizations.id],
	}),
	location: one(locations, { fields: [shipSets.locationId], references: [locations.id] }),
	orderType: one(orderTypes, { fields: [shipSets.orderTypeId], references: [orderTypes.id] }),
	shipments: many(shipments),
	nodes: many(nodes),
	events: many(events),
	tags: many(shipSetTags),
	customAttributes: many(customAttributes),
	relatedShipSets: many(relatedShipSets, { relationName: 'relatedFrom' }),
	documents: many(documents),
	photos: many(photos),
	comments: many(comments),
}))

export const shipmentsRelations = relations(shipments, ({ one, many }) => ({
	shipSet: one(shipSets, { fields: [shipments.shipSetId], references: [shipSets.id] }),
	carrier: one(carriers, { fields: [shipments.carrierId], references: [carriers.id] }),
	shipper: one(locations, {
		fields: [shipments.shipperLocationId],
		references: [locations.id],
		relationName: 'shipper',
	}),
	consignee: one(locations, {
		fields: [shipments.consigneeLocationId],
		references: [locations.id],
		relationName: 'consignee',
	}),
	references: many(shipmentReferences),
	customAttributes: many(customAttributes),
	trackingGroups: many(trackingGroups),
}))

export const shipmentReferencesRelations = relations(shipmentReferences, ({ one }) => ({
	shipment: one(shipments, { fields: [shipmentReferences.shipmentId], references: [shipments.id] }),
}))

export const nodesRelations = relations(nodes, ({ one, many }) => ({
	shipSet: one(shipSets, { fields: [nodes.shipSetId], references: [shipSets.id] }),
	location: one(locations, { fields: [nodes.locationId], references: [locations.id] }),
	shipment: one(shipments, { fields: [nodes.connectableId], references: [shipments.id] }),
	trackingGroup: one(trackingGroups, {
		fields: [nodes.trackingGroupId],
		references: [trackingGroups.id],
	}),
	events: many(events),
}))

export const eventsRelations = relations(events, ({ one }) => ({
	shipSet: one(shipSets, { fields: [events.shipSetId], references: [shipSets.id] }),
	node: one(nodes, { fields: [events.nodeId], references: [nodes.id] }),
	shipment: one(shipments, { fields: [events.shipmentId], references: [shipments.id] }),
}))

export const shipSetTagsRelations = relations(shipSetTags, ({ one }) => ({
	shipSet: one(shipSets, { fields: [shipSetTags.shipSetId], references: [shipSets.id] }),
	tag: one(tags, { fields: [shipSetTags.tagId], references: [tags.id] }),
}))

export const relatedShipSetsRelations = relations(relatedShipSets, ({ one }) => ({
	shipSet: one(shipSets, {
		fields: [relatedShipSets.shipSetId],
		references: [shipSets.id],
		relationName: 'relatedFrom',
	}),
	relatedShipSet: one(shipSets, {
		fields: [relatedShipSets.relatedShipSetId],
		references: [shipSets.id],
		relationName: 'relatedTo',
	}),
}))

export const customAttributesRelations = relations(customAttributes, ({ one }) => ({
	type: one(customAttributeTypes, {
		fields: [customAttributes.customAttributeTypeId],
		references: [customAttributeTypes.id],
	}),
	shipSet: one(shipSets, { fields: [customAttributes.shipSetId], references: [shipSets.id] }),
	shipment: one(shipments, { fields: [customAttributes.shipmentId], references: [shipments.id] }),
}))

export const documentsRelations = relations(documents, ({ one }) => ({
	shipSet: one(shipSets, { fields: [documents.shipSetId], references: [shipSets.id] }),
	documentType: one(documentTypes, {
		fields: [documents.documentTypeId],
		references: [documentTypes.id],
	}),
}))

export const photosRelations = relations(photos, ({ one }) => ({
	shipSet: one(shipSets, { fields: [photos.shipSetId], references: [shipSets.id] }),
}))

export const commentsRelations = relations(comments, ({ one, many }) => ({
	shipSet: one(shipSets, { fields: [comments.shipSetId], references: [shipSets.id] }),
	node: one(nodes, { fields: [comments.nodeId], references: [nodes.id] }),
	user: one(users, { fields: [comments.userId], references: [users.id] }),
	mentions: many(commentMentions),
}))

export const commentMentionsRelations = relations(commentMentions, ({ one }) => ({
	comment: one(comments, { fields: [commentMentions.commentId], references: [comments.id] }),
	user: one(users, { fields: [commentMentions.userId], references: [users.id] }),
}))

export const historicalLogsRelations = relations(historicalLogs, ({ one }) => ({
	user: one(users, { fields: [historicalLogs.userId], references: [users.id] }),
	document: one(documents, { fields: [historicalLogs.documentId], references: [documents.id] }),
}))

export const followsRelations = relations(follows, ({ one }) => ({
	shipSet: one(shipSets, { fields: [follows.shipSetId], references: [shipSets.id] }),
}))

export const recentlyViewedRelations = relations(recentlyViewed, ({ one }) => ({
	shipSet: one(shipSets, { fields: [recentlyViewed.shipSetId], references: [shipSets.id] }),
}))

export const sharesRelations = relations(shares, ({ many }) => ({
	recipients: many(shareRecipients),
}))

export const shareRecipientsRelations = relations(shareRecipients, ({ one }) => ({
	share: one(shares, { fields: [shareRecipients.shareId], references: [shares.id] }),
}))

export const trackingGroupsRelations = relations(trackingGroups, ({ one, many }) => ({
	shipment: one(shipments, { fields: [trackingGroups.shipmentId], references: [shipments.id] }),
	items: many(trackingGroupItems),
	drivers: many(trackingGroupDrivers),
	thresholdSettings: many(thresholdSettings),
}))

export const trackingGroupItemsRelations = relations(trackingGroupItems, ({ one, many }) => ({
	trackingGroup: one(trackingGroups, {
		fields: [trackingGroupItems.trackingGroupId],
		references: [trackingGroups.id],
	}),
	references: many(trackingGroupItemReferences),
}))

export const trackingGroupItemReferencesRelations = relations(
	trackingGroupItemReferences,
	({ one }) => ({
		item: one(trackingGroupItems, {
			fields: [trackingGroupItemReferences.trackingGroupItemId],
			references: [trackingGroupItems.id],
		}),
	}),
)

export const trackingGroupDriversRelations = relations(trackingGroupDrivers, ({ one }) => ({
	trackingGroup: one(trackingGroups, {
		fields: [trackingGroupDrivers.trackingGroupId],
		references: [trackingGroups.id],
	}),
}))

export const thresholdSettingsRelations = relations(thresholdSettings, ({ one }) => ({
	trackingGroup: one(trackingGroups, {
		fields: [thresholdSettings.trackingGroupId],
		references: [trackingGroups.id],
	}),
}))

export const breachedOrdersRelations = relations(breachedOrders, ({ one, many }) => ({
	trackingGroup: one(trackingGroups, {
		fields: [breachedOrders.trackingGroupId],
		references: [trackingGroups.id],
	}),
	shipment: one(shipments, { fields: [breachedOrders.shipmentId], references: [shipments.id] }),
	shipSets: many(breachedOrderShipSets),
	summaries: many(measurementExceptionSummaries),
}))

export const breachedOrderShipSetsRelations = relations(breachedOrderShipSets, ({ one }) => ({
	breachedOrder: one(breachedOrders, {
		fields: [breachedOrderShipSets.breachedOrderId],
		references: [breachedOrders.id],
	}),
	shipSet: one(shipSets, { fields: [breachedOrderShipSets.shipSetId], references: [shipSets.id] }),
}))

export const measurementExceptionSummariesRelations = relations(
	measurementExceptionSummaries,
	({ one }) => ({
		breachedOrder: one(breachedOrders, {
			fields: [measurementExceptionSummaries.breachedOrderId],
			references: [breachedOrders.id],
		}),
	}),
)
