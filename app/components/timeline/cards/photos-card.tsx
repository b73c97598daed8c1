import { Link } from 'react-router'
import { withParams } from '~/lib/timeline/url'
import { PhotoList } from '../tabs/photos-tab'
import type { ShipSet } from '../types'

/** 002 §2 side widget 'Photos · n' with its 'Upload Photos' modal (`?upload=photos`) and the lightbox. */
export function PhotosCard({ shipSet, search }: { shipSet: ShipSet; search: string }) {
	return (
		<details open>
			<summary>Photos · {shipSet.photos.totalCount}</summary>
			<PhotoList shipSetId={shipSet.id} photos={shipSet.photos} search={search} />
			<Link className="button" to={withParams(search, { upload: 'photos' })} preventScrollReset>
				Upload Photos
			</Link>
		</details>
	)
}
