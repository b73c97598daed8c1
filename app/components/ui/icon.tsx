import type { ReactNode } from 'react'

/**
 * The product's icons, inline SVG (no icon font, nothing fetched at run time). Decorative: each
 * sits next to text, or inside a control with an accessible name, that says the same, so it is
 * hidden from assistive technology.
 */
function Svg({ children, className }: { children: ReactNode; className: string }) {
	return (
		<svg className={`icon ${className}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
			{children}
		</svg>
	)
}

const PATHS = {
	warning: 'M12 2 1 21h22L12 2Zm-1 7h2v6h-2V9Zm0 8h2v2h-2v-2Z',
	trash: 'M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Z',
	check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z',
	close:
		'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z',
	'chevron-left': 'M15 4 7 12l8 8 1.5-1.5L10 12l6.5-6.5L15 4Z',
	'chevron-right': 'M9 4 7.5 5.5 14 12l-6.5 6.5L9 20l8-8-8-8Z',
	'chevron-down': 'M4 9l1.5-1.5L12 14l6.5-6.5L20 9l-8 8-8-8Z',
	'chevron-up': 'M4 15l8-8 8 8-1.5 1.5L12 10l-6.5 6.5L4 15Z',
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name }: { name: IconName }) {
	const kind = name.startsWith('chevron') ? 'chevron' : name
	return (
		<Svg className={`icon--${kind}`}>
			<path d={PATHS[name]} />
		</Svg>
	)
}

const BUILDING_PATHS: Record<string, ReactNode> = {
	Factory: <path d="M2 21V9l6 4V9l6 4V3h4l2 18H2Zm4-4h2v-2H6v2Zm5 0h2v-2h-2v2Zm5 0h2v-2h-2v2Z" />,
	Transit: (
		<path d="M1 5h13v10H1V5Zm14 3h4l3 4v3h-7V8ZM5.5 20a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Zm12 0a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Z" />
	),
	'Transit Hub': (
		<path d="M12 2 2 8v2h20V8L12 2ZM4 12h3v7H4v-7Zm6.5 0h3v7h-3v-7Zm6.5 0h3v7h-3v-7ZM2 21h20v1H2v-1Z" />
	),
	DC: <path d="M12 2 1 7v15h5v-9h12v9h5V7L12 2ZM8 15h8v2H8v-2Zm0 4h8v3H8v-3Z" />,
	Customer: <path d="M12 3 2 11h3v10h5v-6h4v6h5V11h3L12 3Z" />,
	Damage: <path d="M12 2 1 21h22L12 2Zm-1 7h2v6h-2V9Zm0 8h2v2h-2v-2Z" />,
}

/** 000 §2 "Each node shows a building-type icon". Unknown types get the DC's. */
export function BuildingIcon({ type }: { type: string }) {
	return <Svg className="icon--building">{BUILDING_PATHS[type] ?? BUILDING_PATHS.DC}</Svg>
}
