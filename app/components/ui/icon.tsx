import type { LucideIcon } from 'lucide-react'
import ArrowDown from 'lucide-react/icons/arrow-down'
import ArrowUp from 'lucide-react/icons/arrow-up'
import ArrowUpDown from 'lucide-react/icons/arrow-up-down'
import BadgeCheck from 'lucide-react/icons/badge-check'
import CalendarDays from 'lucide-react/icons/calendar-days'
import Check from 'lucide-react/icons/check'
import ChevronDown from 'lucide-react/icons/chevron-down'
import ChevronLeft from 'lucide-react/icons/chevron-left'
import ChevronRight from 'lucide-react/icons/chevron-right'
import ChevronUp from 'lucide-react/icons/chevron-up'
import ChevronsLeft from 'lucide-react/icons/chevrons-left'
import ChevronsRight from 'lucide-react/icons/chevrons-right'
import Container from 'lucide-react/icons/container'
import Download from 'lucide-react/icons/download'
import Factory from 'lucide-react/icons/factory'
import FileText from 'lucide-react/icons/file-text'
import History from 'lucide-react/icons/history'
import House from 'lucide-react/icons/house'
import ImageIcon from 'lucide-react/icons/image'
import Info from 'lucide-react/icons/info'
import LayoutGrid from 'lucide-react/icons/layout-grid'
import Link2 from 'lucide-react/icons/link-2'
import Package from 'lucide-react/icons/package'
import PackageCheck from 'lucide-react/icons/package-check'
import PackageX from 'lucide-react/icons/package-x'
import Search from 'lucide-react/icons/search'
import Trash2 from 'lucide-react/icons/trash-2'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import Truck from 'lucide-react/icons/truck'
import UserRound from 'lucide-react/icons/user-round'
import Warehouse from 'lucide-react/icons/warehouse'
import X from 'lucide-react/icons/x'

/**
 * The product's icons: one SVG set from npm (lucide, one module per icon, so a page ships only the
 * icons it draws; no icon font, nothing fetched at run time). ADR 0011.
 *
 * `Icon` is decorative by default (hidden from assistive technology: it sits next to text, or in a
 * control whose accessible name says the same); given a `label` it is an image with that name.
 */
const ICONS = {
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
} as const satisfies Record<string, LucideIcon>

export type IconName = keyof typeof ICONS

function iconProps(className: string, label: string | undefined) {
	return {
		className: `icon ${className}`,
		size: '1em',
		strokeWidth: 2,
		focusable: 'false' as const,
		...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const }),
	}
}

export function Icon({ name, label }: { name: IconName; label?: string }) {
	const Svg = ICONS[name]
	const kind = name.startsWith('chevron') ? 'chevron' : name
	return <Svg {...iconProps(`icon--${kind}`, label)} />
}

/** 000 §2 "Each node shows a building-type icon" (002: the node's `iconClass`). */
const BUILDINGS: Record<string, LucideIcon> = {
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
	const Svg = BUILDINGS[type] ?? Warehouse
	return <Svg {...iconProps('icon--building', decorative ? undefined : type)} />
}
