import { trackerTexts } from '~/lib/tracker/texts'

/**
 * The landing form's rules (000 §2 "Public tracker landing": "Query organization prefills
 * and locks the organization field. SEARCH is disabled unless both fields are non-empty.
 * Inputs are trimmed on blur."; §5 "Public tracker: organization and order number must
 * both be non-empty"). The browser checks them with JavaScript; the loader checks them
 * again, for browsers without it and for anything else that sends the GET form.
 */

/** A field people cannot see; a bot that fills every field fills it ("honeypot fields on the public form"). */
export const HONEYPOT_FIELD = 'website'

interface LandingSubmission {
	organization: string
	orderNo: string
	/** The organization came in the link (or the form was sent from such a link): read-only. */
	locked: boolean
	/** The form was sent (orderNo is in the query). */
	submitted: boolean
	error: string | null
}

export function landingSubmission(search: URLSearchParams): LandingSubmission {
	const organization = (search.get('organization') ?? '').trim()
	const orderNo = (search.get('orderNo') ?? '').trim()
	const submitted = search.has('orderNo')
	const locked =
		search.get('lock') === '1' || (search.has('organization') && !submitted && organization !== '')
	let error: string | null = null
	if (submitted && (search.get(HONEYPOT_FIELD) ?? '') !== '') error = trackerTexts.bothRequired
	else if (submitted && (!organization || !orderNo)) error = trackerTexts.bothRequired
	return { organization, orderNo, locked, submitted, error }
}

/** /tracking/{organization}/{orderNo}, each part encoded. */
export function resultsPath(organization: string, orderNo: string, locked = false): string {
	const path = `/tracking/${encodeURIComponent(organization)}/${encodeURIComponent(orderNo)}`
	// A locked organization (`lock=1`) travels with the search, so the way back locks it again.
	return locked ? `${path}?lock=1` : path
}
