import { createElement, type ReactElement } from 'react'
import * as ArrowDownModule from 'lucide-react/icons/arrow-down'
import * as ArrowUpModule from 'lucide-react/icons/arrow-up'
import * as ArrowUpDownModule from 'lucide-react/icons/arrow-up-down'
import * as BadgeCheckModule from 'lucide-react/icons/badge-check'
import * as CalendarDaysModule from 'lucide-react/icons/calendar-days'
import * as CheckModule from 'lucide-react/icons/check'
import * as ChevronDownModule from 'lucide-react/icons/chevron-down'
import * as ChevronLeftModule from 'lucide-react/icons/chevron-left'
import * as ChevronRightModule from 'lucide-react/icons/chevron-right'
import * as ChevronUpModule from 'lucide-react/icons/chevron-up'
import * as ChevronsLeftModule from 'lucide-react/icons/chevrons-left'
import * as ChevronsRightModule from 'lucide-react/icons/chevrons-right'
import * as ContainerModule from 'lucide-react/icons/container'
import * as DownloadModule from 'lucide-react/icons/download'
import * as FactoryModule from 'lucide-react/icons/factory'
import * as FileTextModule from 'lucide-react/icons/file-text'
import * as HistoryModule from 'lucide-react/icons/rotate-ccw-clock'
import * as HouseModule from 'lucide-react/icons/house'
import * as ImageIconModule from 'lucide-react/icons/image'
import * as InfoModule from 'lucide-react/icons/info'
import * as LayoutGridModule from 'lucide-react/icons/layout-grid'
import * as Link2Module from 'lucide-react/icons/link-2'
import * as PackageModule from 'lucide-react/icons/package'
import * as PackageCheckModule from 'lucide-react/icons/package-check'
import * as PackageXModule from 'lucide-react/icons/package-x'
import * as SearchModule from 'lucide-react/icons/search'
import * as Trash2Module from 'lucide-react/icons/trash'
import * as TriangleAlertModule from 'lucide-react/icons/triangle-exclamation-point'
import * as TruckModule from 'lucide-react/icons/truck'
import * as UserRoundModule from 'lucide-react/icons/user-round'
import * as WarehouseModule from 'lucide-react/icons/warehouse'
import * as XModule from 'lucide-react/icons/x'

/**
 * An icon's data: its name and SVG children ([tag, attributes with a React key]). Each of
 * lucide-react's icon modules exports it as `__iconData` besides its component, which lucide's
 * type declarations leave out; the unit test (icon.test.tsx) draws every icon both ways, so an
 * upgrade that drops or changes that export fails there (and this throws at start).
 */
interface IconData {
	name: string
	node: [tag: string, attributes: Record<string, string>][]
}
function dataOf(module: object): IconData {
	const data = (module as { __iconData?: IconData }).__iconData
	if (!data || !Array.isArray(data.node)) throw new Error('lucide-react: an icon module without __iconData')
	return data
}

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
	warning: dataOf(TriangleAlertModule),
	trash: dataOf(Trash2Module),
	check: dataOf(CheckModule),
	close: dataOf(XModule),
	search: dataOf(SearchModule),
	calendar: dataOf(CalendarDaysModule),
	menu: dataOf(LayoutGridModule),
	user: dataOf(UserRoundModule),
	'chevron-left': dataOf(ChevronLeftModule),
	'chevron-right': dataOf(ChevronRightModule),
	'chevron-down': dataOf(ChevronDownModule),
	'chevron-up': dataOf(ChevronUpModule),
	first: dataOf(ChevronsLeftModule),
	last: dataOf(ChevronsRightModule),
	sort: dataOf(ArrowUpDownModule),
	'sort-asc': dataOf(ArrowUpModule),
	'sort-desc': dataOf(ArrowDownModule),
	document: dataOf(FileTextModule),
	download: dataOf(DownloadModule),
	photo: dataOf(ImageIconModule),
	shipment: dataOf(PackageModule),
	related: dataOf(Link2Module),
	// Event states (000 §4, 002 §2): in transit, delivered, exception, information, stale, verified.
	transit: dataOf(TruckModule),
	delivered: dataOf(PackageCheckModule),
	exception: dataOf(TriangleAlertModule),
	info: dataOf(InfoModule),
	stale: dataOf(HistoryModule),
	verified: dataOf(BadgeCheckModule),
} as const satisfies Record<string, IconData>

export type IconName = keyof typeof ICONS

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
	Factory: dataOf(FactoryModule),
	Transit: dataOf(TruckModule),
	'Transit Hub': dataOf(ContainerModule),
	DC: dataOf(WarehouseModule),
	Customer: dataOf(HouseModule),
	Damage: dataOf(PackageXModule),
}

/**
 * A node's building-type icon, named by its type (an image with an accessible name, so a node's
 * link says what kind of place it is even where its visible label says something else, such as
 * 'Final Transit'). Unknown types get the DC's picture and still their own name.
 */
export function BuildingIcon({ type, decorative = false }: { type: string; decorative?: boolean }) {
	return <Svg icon={BUILDINGS[type] ?? BUILDINGS.DC!} className="icon--building" label={decorative ? undefined : type} />
}
