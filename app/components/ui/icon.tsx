import sprite from './icons.svg?url&no-inline'
import { BUILDINGS, ICONS, type IconName } from './icon-set'

export type { IconName }

/**
 * The product's icons (ADR 0011; the names in icon-set.ts): one SVG set from npm (lucide), drawn
 * from one sprite, `icons.svg`, which `npm run icons` writes from lucide's data. An icon in a page
 * is an `<svg>` with a `<use>` of the sprite's symbol: the browser fetches the sprite once (an asset
 * with a content hash, kept for a year) and every page's markup carries no paths. That is also what
 * the server renders: a timeline page drew 18 icons, some 60 elements with 11 attributes each, on
 * every request (ADR 0029 §19). The sprite's symbols carry lucide's drawing attributes;
 * ui.css makes an icon 1em square.
 *
 * `Icon` is decorative by default (hidden from assistive technology: it sits next to text, or in a
 * control whose accessible name says the same); given a `label` it is an image with that name.
 */
function Svg({
	symbol,
	className,
	label,
}: {
	symbol: string
	className: string
	label: string | undefined
}) {
	return (
		<svg
			className={`icon ${className}`}
			{...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
		>
			<use href={`${sprite}#${symbol}`} />
		</svg>
	)
}

export function Icon({ name, label }: { name: IconName; label?: string }) {
	const kind = name.startsWith('chevron') ? 'chevron' : name
	return <Svg symbol={ICONS[name]} className={`icon--${kind}`} label={label} />
}

/**
 * A node's building-type icon, named by its type (an image with an accessible name, so a node's
 * link says what kind of place it is even where its visible label says something else, such as
 * 'Final Transit'). Unknown types get the DC's picture and still their own name.
 */
export function BuildingIcon({ type, decorative = false }: { type: string; decorative?: boolean }) {
	return (
		<Svg
			symbol={BUILDINGS[type] ?? BUILDINGS.DC!}
			className="icon--building"
			label={decorative ? undefined : type}
		/>
	)
}
