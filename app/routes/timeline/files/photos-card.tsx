import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { withParams } from '~/lib/timeline/url'
import { PhotoList } from './photos-tab'
import type { ShipSet } from '~/lib/timeline/types'

/** 002 §2 side widget 'Photos · n' with its 'Upload Photos' modal (`?upload=photos`) and the lightbox. */
export function PhotosCard({ shipSet, search }: { shipSet: ShipSet; search: string }) {
	return (
		<Card collapsible icon="photo" title={<>Photos · {shipSet.photos.totalCount}</>}>
			<PhotoList shipSetId={shipSet.id} photos={shipSet.photos} search={search} />
			<ButtonLink to={withParams(search, { upload: 'photos' })} preventScrollReset>
				Upload Photos
			</ButtonLink>
		</Card>
	)
}
