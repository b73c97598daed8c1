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
const ArrowDown = dataOf(ArrowDownModule)
const ArrowUp = dataOf(ArrowUpModule)
const ArrowUpDown = dataOf(ArrowUpDownModule)
const BadgeCheck = dataOf(BadgeCheckModule)
const CalendarDays = dataOf(CalendarDaysModule)
const Check = dataOf(CheckModule)
const ChevronDown = dataOf(ChevronDownModule)
const ChevronLeft = dataOf(ChevronLeftModule)
const ChevronRight = dataOf(ChevronRightModule)
const ChevronUp = dataOf(ChevronUpModule)
const ChevronsLeft = dataOf(ChevronsLeftModule)
const ChevronsRight = dataOf(ChevronsRightModule)
const Container = dataOf(ContainerModule)
const Download = dataOf(DownloadModule)
const Factory = dataOf(FactoryModule)
const FileText = dataOf(FileTextModule)
const History = dataOf(HistoryModule)
const House = dataOf(HouseModule)
const ImageIcon = dataOf(ImageIconModule)
const Info = dataOf(InfoModule)
const LayoutGrid = dataOf(LayoutGridModule)
const Link2 = dataOf(Link2Module)
const Package = dataOf(PackageModule)
const PackageCheck = dataOf(PackageCheckModule)
const PackageX = dataOf(PackageXModule)
const Search = dataOf(SearchModule)
const Trash2 = dataOf(Trash2Module)
const TriangleAlert = dataOf(TriangleAlertModule)
const Truck = dataOf(TruckModule)
const UserRound = dataOf(UserRoundModule)
const Warehouse = dataOf(WarehouseModule)
const X = dataOf(XModule)

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
