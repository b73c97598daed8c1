import type { Camelize } from '~/lib/camelize'
import type { TimelineResponse } from '#contracts/timeline/timeline'

export type ShipSet = Camelize<TimelineResponse['ship_set']>
export type TimelineNode = ShipSet['nodes'][number]
export type TimelineEvent = ShipSet['events'][number]
type Place = NonNullable<ShipSet['location']>

export function addressLines(
	place: Pick<
		Place,
		'name' | 'street1' | 'street2' | 'city' | 'state' | 'postalCode' | 'country'
	> | null,
): string[] {
	if (!place) return []
	const cityLine = [place.city, [place.state, place.postalCode].filter(Boolean).join(' ')]
		.filter(Boolean)
		.join(', ')
	return [place.name, place.street1, place.street2, cityLine, place.country].filter(
		(l): l is string => Boolean(l),
	)
}
