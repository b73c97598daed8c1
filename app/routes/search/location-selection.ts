import { holdsQuery } from '~/lib/text-match'

/**
 * The location tree's selection (000 §2 "location tree, multi", a tri-state tree).
 *
 * A selection is the set of tree ids the form sends (country:US, state:US/TX, city:US/TX/Austin),
 * the same ids the tree's checkboxes send without JavaScript. A chosen node stands for everything
 * under it, so the set never holds a node together with one of its descendants, and a parent
 * whose children are all chosen is chosen instead of them: the smallest set that says the same.
 */
export interface TreeNode {
	id: string
	name: string
	children?: readonly TreeNode[]
}

type CheckState = 'checked' | 'mixed' | 'unchecked'

/** Each node's path from the root (itself last), by id. */
function paths(tree: readonly TreeNode[]): Map<string, TreeNode[]> {
	const out = new Map<string, TreeNode[]>()
	const walk = (nodes: readonly TreeNode[], above: TreeNode[]) => {
		for (const node of nodes) {
			const path = [...above, node]
			out.set(node.id, path)
			walk(node.children ?? [], path)
		}
	}
	walk(tree, [])
	return out
}

function descendants(node: TreeNode): TreeNode[] {
	return (node.children ?? []).flatMap((child) => [child, ...descendants(child)])
}

/** A node is checked when it or an ancestor is chosen, mixed when only some of what is under it is. */
export function checkState(
	tree: readonly TreeNode[],
	chosen: ReadonlySet<string>,
	id: string,
): CheckState {
	const path = paths(tree).get(id)
	if (!path) return 'unchecked'
	if (path.some((n) => chosen.has(n.id))) return 'checked'
	return descendants(path.at(-1)!).some((n) => chosen.has(n.id)) ? 'mixed' : 'unchecked'
}

/** The selection after the user ticks or unticks node `id` (a mixed node is ticked: all of it). */
export function toggleNode(
	tree: readonly TreeNode[],
	chosen: ReadonlySet<string>,
	id: string,
): Set<string> {
	const index = paths(tree)
	const path = index.get(id)
	if (!path) return new Set(chosen)
	const node = path.at(-1)!
	const next = new Set(chosen)
	for (const d of descendants(node)) next.delete(d.id)
	if (checkState(tree, chosen, id) === 'checked') {
		// Untick: an ancestor that covered it gives way to its other children, level by level.
		next.delete(id)
		const cover = path.findIndex((n) => chosen.has(n.id))
		if (cover !== -1 && cover < path.length - 1) {
			next.delete(path[cover]!.id)
			for (let level = cover; level < path.length - 1; level++) {
				for (const child of path[level]!.children ?? [])
					if (child.id !== path[level + 1]!.id) next.add(child.id)
			}
		}
		return next
	}
	next.add(id)
	// A parent whose children are now all chosen is chosen instead, up the path.
	for (let level = path.length - 2; level >= 0; level--) {
		const parent = path[level]!
		const children = parent.children ?? []
		if (!children.every((c) => next.has(c.id))) break
		for (const c of children) next.delete(c.id)
		next.add(parent.id)
	}
	return next
}

/**
 * The ids shown for a typed filter: a node whose name holds the text (case and accents aside),
 * with its ancestors (to reach it) and its descendants (what it holds). `null`: no filter.
 */
export function visibleIds(tree: readonly TreeNode[], query: string): Set<string> | null {
	if (!query.trim()) return null
	const shown = new Set<string>()
	for (const path of paths(tree).values()) {
		const node = path.at(-1)!
		if (!holdsQuery(node.name, query)) continue
		for (const n of path) shown.add(n.id)
		for (const d of descendants(node)) shown.add(d.id)
	}
	return shown
}
