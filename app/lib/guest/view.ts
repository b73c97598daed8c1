import type { Camelize } from '~/lib/camelize'
import { formatOrderTime } from '~/lib/timeline/durations'
import { addressLines } from '~/lib/timeline/types'
import type { MapPin } from '~/lib/timeline/location'
import { eventView, type EventView } from '~/lib/tracker/timeline-view'
import type { GuestRestrictedResponse, GuestStatus } from '#contracts/sharing/guest'
import {
	guestTexts,
	inProcessText,
	mapView,
	sectionMinutes,
	stepStates,
	type MapView,
	type SectionKind,
	type StepState,
} from './restricted'

/**
 * The guest restricted record as the page shows it (000 §2 "Guest timeline"), built once
 * by the loader: dates formatted, texts in place, each step's section ready. Plain data,
 * so the browser needs no date code and hydration sees the same strings.
 */

type Record_ = Camelize<GuestRestrictedResponse>['shipSet']
type GuestEvent = Record_['events'][number]
type Location = NonNullable<Record_['location']>

type MapPlace = Location

export interface SectionView {
	/** The pending and in-process texts. */
	text: string | null
	/** Newest first; null for the pending step, which has none. */
	events: EventView[] | null
	/** 'N days N hours N minutes'; null when zero (000 §2 "total duration (hidden when zero)"). */
	duration: string | null
	/** The pins and the zoom (000 §9); null: 'No location available.' */
	map: { zoom: MapView<MapPlace>['zoom']; pins: MapPin<MapPlace>[] } | null
}

export interface GuestView {
	name: string
	destination: string[]
	status: GuestStatus
	steps: { key: GuestStatus; label: string; state: StepState }[]
	sections: Record<GuestStatus, SectionView>
}

const PIN_TITLE = { S: 'Shipper: ', C: 'Consignee: ' } as const

/** mapView's choice (route or one place) as the map's pins. */
function pinsOf(map: MapView<MapPlace> | null): SectionView['map'] {
	if (!map) return null
	return {
		zoom: map.zoom,
		pins: map.points.map(({ mark, place }) => ({
			mark,
			place,
			title: `${mark ? PIN_TITLE[mark] : ''}${place.name}`,
		})),
	}
}

function events(list: GuestEvent[]): EventView[] {
	return list.map((e) => ({
		...eventView(e),
		summaryLines: e.summary
			? e.summary
					.split(';')
					.map((l) => l.trim())
					.filter(Boolean)
			: [],
	}))
}

function duration(list: GuestEvent[], kind: SectionKind, now: Date): string | null {
	const minutes = sectionMinutes(list, kind, now)
	if (minutes === 0) return null
	return formatOrderTime({
		days: Math.floor(minutes / 1440),
		hours: Math.floor((minutes % 1440) / 60),
		minutes: minutes % 60,
	})
}

export function buildGuestView(record: Record_, now: Date): GuestView {
	const { transit, customer } = record
	// The in-process map: where the latest in-process event happened.
	const latestInProcess = record.events.find((e) => e.nodeLocation)
	return {
		name: record.name,
		destination: record.location ? addressLines(record.location) : [],
		status: record.status,
		steps: stepStates(record.status),
		sections: {
			pending: { text: guestTexts.pending, events: null, duration: null, map: null },
			in_process: {
				text: inProcessText(record.inProcess?.buildingType),
				events: events(record.events),
				duration: duration(record.events, 'other', now),
				map: pinsOf(mapView({ location: latestInProcess?.nodeLocation })),
			},
			on_its_way: {
				text: null,
				events: events(transit.events),
				duration: duration(transit.events, 'transit', now),
				map: pinsOf(
					mapView({
						shipper: transit.shipment?.shipper,
						consignee: transit.shipment?.consignee,
						location: transit.location,
					}),
				),
			},
			delivered: {
				text: null,
				events: events(customer.events),
				duration: duration(customer.events, 'other', now),
				map: pinsOf(mapView({ location: customer.location })),
			},
		},
	}
}
