import type { Reading } from '../../sensors/detection'
import { pushDetectedBreaches } from './breaches'
import type { OrderDraft } from './draft'
import { SEED_DOCUMENTS, SEED_PHOTOS } from './files'
import { at, OLIVIA, SO_1001, VICTOR } from './named-common'
import { mention } from './order-extras'
import { HOUR } from './random'
import { globalIds, type OrgContext } from './reference'
import type { SeedRows } from './rows'

/** SO-1001's tracking group with its temperature breaches, and its comments, documents, photos and logs. */

export function addSo1001Sensors(
	rows: SeedRows,
	d: OrderDraft,
	shipmentId: string,
	trackingGroupId: string,
): void {
	const organizationId = d.organizationId
	const temperature = globalIds.measurementType('temperature')
	const humidity = globalIds.measurementType('humidity')
	rows.trackingGroups.push({
		id: trackingGroupId,
		organizationId,
		name: 'TG-SO-1001',
		deviceTypeName: 'Sensitech TempTale GEO',
		shipmentId,
		startedAt: at('2026-10-19T21:00:00Z'),
	})
	const itemId = d.childId('tracking_group_item')
	rows.trackingGroupItems.push({
		id: itemId,
		organizationId,
		trackingGroupId,
		itemType: 'pallet',
		name: SO_1001.pallet,
		measurableId: SO_1001.pallet,
	})
	rows.trackingGroupItemReferences.push({
		id: d.childId('item_ref'),
		organizationId,
		trackingGroupItemId: itemId,
		referenceType: 'DeliveryID',
		value: 'DLV-1001-1',
	})
	rows.trackingGroupDrivers.push({
		id: d.childId('driver'),
		organizationId,
		trackingGroupId,
		name: 'Luis Ortega',
		phoneNumber: '+1 502 555 0142',
		licensePlate: 'KY-4417',
	})
	rows.thresholdSettings.push(
		{
			id: d.childId('threshold', 'temperature'),
			organizationId,
			trackingGroupId,
			measurementTypeId: temperature,
			min: 2,
			max: 8,
		},
		{
			id: d.childId('threshold', 'humidity'),
			organizationId,
			trackingGroupId,
			measurementTypeId: humidity,
			min: 20,
			max: 70,
		},
	)
	// Hourly readings for 8 days from pickup; 5°C ± a fixed wave, with a 5-hour excursion above 8°C
	// on 23 October (back within bounds: a historical breach) and, from the last three readings,
	// above 8°C again (still out of range: the ongoing breach).
	const start = +at('2026-10-19T22:00:00Z')
	const breachFrom = +at('2026-10-23T14:00:00Z')
	const readings: Reading[] = []
	for (let i = 0; i < 192; i++) {
		const t = start + i * HOUR
		const inBreach = t >= breachFrom && t < breachFrom + 5 * HOUR
		const temp = inBreach
			? ([8.9, 10.4, 11.2, 10.1, 8.6][(t - breachFrom) / HOUR] ?? 9)
			: i >= 189
				? [8.4, 8.8, 9.3][i - 189]!
				: 5 + Math.sin(i / 5) * 1.1
		const hum = 46 + Math.cos(i / 7) * 6
		rows.measurements.push(
			{
				organizationId,
				trackingGroupId,
				measurableId: SO_1001.pallet,
				measurementTypeId: temperature,
				measureAt: new Date(t),
				value: Math.round(temp * 100) / 100,
				createdAt: new Date(t),
			},
			{
				organizationId,
				trackingGroupId,
				measurableId: SO_1001.pallet,
				measurementTypeId: humidity,
				measureAt: new Date(t),
				value: Math.round(hum * 100) / 100,
				createdAt: new Date(t),
			},
		)
		readings.push(
			{ code: 'temperature', at: t, value: Math.round(temp * 100) / 100 },
			{ code: 'humidity', at: t, value: Math.round(hum * 100) / 100 },
		)
	}
	pushDetectedBreaches(
		rows,
		{
			organizationId,
			trackingGroupId,
			shipmentId,
			item: { id: itemId, itemType: 'pallet', name: SO_1001.pallet, measurableId: SO_1001.pallet },
			shipSetIds: [d.id],
			timezone: 'America/Kentucky/Louisville',
			thresholds: new Map([
				['temperature', { min: 2, max: 8 }],
				['humidity', { min: 20, max: 70 }],
			]),
			ids: {
				breach: (n) => d.childId('breached_order', n),
				summary: (n, code) => d.childId(`exception_summary-${n}`, code),
			},
		},
		readings,
	)
}

export function addSo1001Collaboration(
	rows: SeedRows,
	d: OrderDraft,
	ctx: OrgContext,
	n: { upsNode: string; uspsNode: string; factoryNode: string },
): void {
	const organizationId = ctx.id
	const shipSetId = d.id
	const comment = (
		key: string,
		userId: string,
		nodeId: string | null,
		body: string,
		when: string,
		mentioned: string[] = [],
	) => {
		const id = d.childId('comment', key)
		rows.comments.push({
			id,
			organizationId,
			shipSetId,
			nodeId,
			userId,
			body,
			hasMention: mentioned.length > 0,
			createdAt: at(when),
		})
		for (const u of mentioned)
			rows.commentMentions.push({ organizationId, commentId: id, userId: u, createdAt: at(when) })
	}
	comment(
		'c1',
		VICTOR,
		n.factoryNode,
		'Customer asked for an update on the delivery window.',
		'2026-10-20T14:10:00Z',
	)
	comment(
		'c2',
		VICTOR,
		n.upsNode,
		`${mention(OLIVIA)} the UPS leg is held by weather near Louisville. Can you confirm the new ETA with Northwind?`,
		'2026-10-23T15:02:00Z',
		[OLIVIA],
	)
	comment(
		'c3',
		OLIVIA,
		n.upsNode,
		'Confirmed with Northwind: a delivery in the first week of November is fine. Logger data attached to the documents.',
		'2026-10-23T17:45:00Z',
	)

	const docs = [
		{
			key: 'invoice',
			file: SEED_DOCUMENTS.invoice,
			type: 'COMMERCIAL_INVOICE',
			other: null,
			verified: true,
			when: '2026-10-19T19:00:00Z',
		},
		{
			key: 'declaration',
			file: SEED_DOCUMENTS.packingList,
			type: 'OTHERS',
			other: 'Cold chain declaration',
			verified: false,
			when: '2026-10-23T17:40:00Z',
		},
	] as const
	for (const doc of docs) {
		const id = d.childId('document', doc.key)
		rows.documents.push({
			id,
			organizationId,
			shipSetId,
			documentTypeId: globalIds.documentType(doc.type),
			otherDocumentType: doc.other,
			fileFileName: doc.file.fileName,
			fileContentType: doc.file.contentType,
			fileSize: doc.file.bytes.length,
			storageKey: doc.file.storageKey,
			sha256: doc.file.sha256,
			blockchainVerified: doc.verified,
			uploadedByUserId: OLIVIA,
			createdAt: at(doc.when),
		})
		rows.historicalLogs.push({
			id: d.childId('log', doc.key),
			organizationId,
			shipSetId,
			userId: OLIVIA,
			message: `Document ${doc.file.fileName} uploaded`,
			documentId: id,
			createdAt: at(doc.when),
		})
	}
	const photos = [
		{
			key: 'loaded',
			file: SEED_PHOTOS.palletLoaded,
			nodeId: n.factoryNode,
			notes: 'Pallet loaded and strapped',
			when: '2026-10-19T20:40:00Z',
		},
		{
			key: 'seal',
			file: SEED_PHOTOS.sealCheck,
			nodeId: n.upsNode,
			notes: null,
			when: '2026-10-19T21:00:00Z',
		},
	]
	for (const p of photos) {
		rows.photos.push({
			id: d.childId('photo', p.key),
			organizationId,
			shipSetId,
			nodeId: p.nodeId,
			imageFileName: p.file.fileName,
			contentType: p.file.contentType,
			fileSize: p.file.bytes.length,
			storageKey: p.file.storageKey,
			notes: p.notes,
			uploadedByUserId: VICTOR,
			createdAt: at(p.when),
		})
	}
	rows.historicalLogs.push(
		{
			id: d.childId('log', 'shipment-ups'),
			organizationId,
			shipSetId,
			userId: null,
			message: `Shipment ${SO_1001.upsTracking} (UPS) added`,
			createdAt: at('2026-10-19T09:00:00Z'),
		},
		{
			id: d.childId('log', 'shipment-usps'),
			organizationId,
			shipSetId,
			userId: null,
			message: `Shipment ${SO_1001.uspsTracking} (USPS) added as final mile`,
			createdAt: at('2026-10-21T15:00:00Z'),
		},
		{
			id: d.childId('log', 'related'),
			organizationId,
			shipSetId,
			userId: OLIVIA,
			message: 'SO-1002 is now related to this order',
			createdAt: at('2026-10-13T10:00:00Z'),
		},
	)
	rows.notificationPreferences.push({
		id: d.childId('notification', 'olivia'),
		organizationId,
		shipSetId,
		userId: OLIVIA,
		viewType: 'user',
		notifType: 'all_status',
		nodes: [],
		comments: true,
		promiseDate: true,
		createdAt: at('2026-10-13T10:05:00Z'),
	})
}
