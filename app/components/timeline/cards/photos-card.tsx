import { Card } from '~/components/ui/card'
import { Link } from 'react-router'
import { withParams } from '~/lib/timeline/url'
import { PhotoList } from '../tabs/photos-tab'
import type { ShipSet } from '../types'

/** 002 §2 side widget 'Photos · n' with its 'Upload Photos' modal (`?upload=photos`) and the lightbox. */
export function PhotosCard({ shipSet, search }: { shipSet: ShipSet; search: string }) {
	return (
		<Card collapsible title={<>Photos · {shipSet.photos.totalCount}</>}>
			<PhotoList shipSetId={shipSet.id} photos={shipSet.photos} search={search} />
			<Link className="button" to={withParams(search, { upload: 'photos' })} preventScrollReset>
				Upload Photos
			</Link>
		</Card>
	)
}
