import { createElement, type ReactElement } from 'react'
import { __iconData as ArrowDown } from 'lucide-react/dist/esm/icons/arrow-down.mjs'
import { __iconData as ArrowUp } from 'lucide-react/dist/esm/icons/arrow-up.mjs'
import { __iconData as ArrowUpDown } from 'lucide-react/dist/esm/icons/arrow-up-down.mjs'
import { __iconData as BadgeCheck } from 'lucide-react/dist/esm/icons/badge-check.mjs'
import { __iconData as CalendarDays } from 'lucide-react/dist/esm/icons/calendar-days.mjs'
import { __iconData as Check } from 'lucide-react/dist/esm/icons/check.mjs'
import { __iconData as ChevronDown } from 'lucide-react/dist/esm/icons/chevron-down.mjs'
import { __iconData as ChevronLeft } from 'lucide-react/dist/esm/icons/chevron-left.mjs'
import { __iconData as ChevronRight } from 'lucide-react/dist/esm/icons/chevron-right.mjs'
import { __iconData as ChevronUp } from 'lucide-react/dist/esm/icons/chevron-up.mjs'
import { __iconData as ChevronsLeft } from 'lucide-react/dist/esm/icons/chevrons-left.mjs'
import { __iconData as ChevronsRight } from 'lucide-react/dist/esm/icons/chevrons-right.mjs'
import { __iconData as Container } from 'lucide-react/dist/esm/icons/container.mjs'
import { __iconData as Download } from 'lucide-react/dist/esm/icons/download.mjs'
import { __iconData as Factory } from 'lucide-react/dist/esm/icons/factory.mjs'
import { __iconData as FileText } from 'lucide-react/dist/esm/icons/file-text.mjs'
import { __iconData as History } from 'lucide-react/dist/esm/icons/rotate-ccw-clock.mjs'
import { __iconData as House } from 'lucide-react/dist/esm/icons/house.mjs'
import { __iconData as ImageIcon } from 'lucide-react/dist/esm/icons/image.mjs'
import { __iconData as Info } from 'lucide-react/dist/esm/icons/info.mjs'
import { __iconData as LayoutGrid } from 'lucide-react/dist/esm/icons/layout-grid.mjs'
import { __iconData as Link2 } from 'lucide-react/dist/esm/icons/link-2.mjs'
import { __iconData as Package } from 'lucide-react/dist/esm/icons/package.mjs'
import { __iconData as PackageCheck } from 'lucide-react/dist/esm/icons/package-check.mjs'
import { __iconData as PackageX } from 'lucide-react/dist/esm/icons/package-x.mjs'
import { __iconData as Search } from 'lucide-react/dist/esm/icons/search.mjs'
import { __iconData as Trash2 } from 'lucide-react/dist/esm/icons/trash.mjs'
import { __iconData as TriangleAlert } from 'lucide-react/dist/esm/icons/triangle-exclamation-point.mjs'
import { __iconData as Truck } from 'lucide-react/dist/esm/icons/truck.mjs'
import { __iconData as UserRound } from 'lucide-react/dist/esm/icons/user-round.mjs'
import { __iconData as Warehouse } from 'lucide-react/dist/esm/icons/warehouse.mjs'
import { __iconData as X } from 'lucide-react/dist/esm/icons/x.mjs'

/**
 * The product's icons: one SVG set from npm (lucide, one module per icon, so a page ships only the
 * icons it draws; no icon font, nothing fetched at run time). ADR 0011.
 *
 * Each icon is drawn from lucide's data for it (its paths), not through lucide-react's component:
 * the component rebuilt every icon's attributes and children on every render, about 16 µs an icon,
 * a third of a millisecond of a timeline page's 18 icons (issue 20, ADR 0029 §9). The paths' elements
 * are made once per icon and reused; the markup is lucide's but for its own class names (the unit
 * test renders every icon both ways).
 *
 * `Icon` is decorative by default (hidden from assistive technology: it sits next to text, or in a
 * control whose accessible name says the same); given a `label` it is an image with that name.
 */
export const ICONS = {
	warning: TriangleAlert,
	trash: Trash2,
	check: Check,
	close: X,
	search: Search,
	calendar: CalendarDays,
	menu: LayoutGrid,
	user: UserRound,
	'chevron-left': ChevronLeft,
	'chevron-right': ChevronRight,
	'chevron-down': ChevronDown,
	'chevron-up': ChevronUp,
	first: ChevronsLeft,
	last: ChevronsRight,
	sort: ArrowUpDown,
	'sort-asc': ArrowUp,
	'sort-desc': ArrowDown,
	document: FileText,
	download: Download,
	photo: ImageIcon,
	shipment: Package,
	related: Link2,
	// Event states (000 §4, 002 §2): in transit, delivered, exception, information, stale, verified.
	transit: Truck,
	delivered: PackageCheck,
	exception: TriangleAlert,
	info: Info,
	stale: History,
	verified: BadgeCheck,
} as const satisfies Record<string, IconData>

export type IconName = keyof typeof ICONS

type IconData = typeof Factory

/** Each icon's children, made once: React elements are immutable and may appear in any number of renders. */
const children = new WeakMap<IconData, ReactElement[]>()

function Svg({ icon, className, label }: { icon: IconData; className: string; label: string | undefined }) {
	let paths = children.get(icon)
	if (!paths) {
		paths = icon.node.map(([tag, attributes]) => createElement(tag, attributes))
		children.set(icon, paths)
	}
	return (
		<svg
			xmlns="http://www.w3.org/2000/svg"
			width="1em"
			height="1em"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth={2}
			strokeLinecap="round"
			strokeLinejoin="round"
			className={`icon ${className}`}
			focusable="false"
			{...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
		>
			{paths}
		</svg>
	)
}

export function Icon({ name, label }: { name: IconName; label?: string }) {
	const kind = name.startsWith('chevron') ? 'chevron' : name
	return <Svg icon={ICONS[name]} className={`icon--${kind}`} label={label} />
}

/** 000 §2 "Each node shows a building-type icon" (002: the node's `iconClass`). */
export const BUILDINGS: Record<string, IconData> = {
	Factory,
	Transit: Truck,
	'Transit Hub': Container,
	DC: Warehouse,
	Customer: House,
	Damage: PackageX,
}

/**
 * A node's building-type icon, named by its type (an image with an accessible name, so a node's
 * link says what kind of place it is even where its visible label says something else, such as
 * 'Final Transit'). Unknown types get the DC's picture and still their own name.
 */
export function BuildingIcon({ type, decorative = false }: { type: string; decorative?: boolean }) {
	return <Svg icon={BUILDINGS[type] ?? Warehouse} className="icon--building" label={decorative ? undefined : type} />
}
