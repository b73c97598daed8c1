/**
 * Types for lucide-react's per-icon modules as app/components/ui/icon.tsx imports them
 * (`lucide-react/dist/esm/icons/<name>.mjs`, an export of the package): besides the component,
 * each exports the icon's data, which lucide's own type declarations leave out. The unit test
 * app/components/ui/icon.test.tsx renders every icon both ways, so an upgrade that drops or
 * changes this export fails there.
 */
import type { LucideIcon } from 'lucide-react'

declare const icon: LucideIcon
export default icon

/** The icon's name and its SVG children: [tag, attributes (with a React key)]. */
export declare const __iconData: {
	name: string
	size: number
	node: [tag: string, attributes: Record<string, string>][]
}
