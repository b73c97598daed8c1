/**
 * The supply chain's mark in the header's account menu, behind 000 §6's "a demo-organization icon
 * fix" toggle. With the fix, the organization shows its own mark: the initials of its name (up to
 * two letters, "Acme Devices" → "AD"). Without it, the older behaviour: the demo organizations,
 * which have no uploaded logo, fall back to a generic placeholder (null here: the shell draws the
 * placeholder icon).
 */
export function organizationMark(name: string | null | undefined, iconFix: boolean): string | null {
	if (!iconFix) return null
	const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
	const letters = (words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1)).map((w) =>
		[...w][0]!.toUpperCase(),
	)
	return letters.join('') || null
}
