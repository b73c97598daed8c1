import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Scripts, type ScriptsProps } from 'react-router'

/**
 * React Router's <Scripts> with its module preloads fetched at low priority, as React asks for its
 * own bootstrap modules (`fetchPriority: 'low'` in react-dom/server): nothing on our pages needs
 * JavaScript to be seen, so on a slow phone the first paint does not wait behind about 130 KB of
 * it; the page hydrates when it has arrived, as before (issue 20, docs/decisions/0029 §7).
 *
 * <Scripts> is called as a function, so its hooks are this component's own (the same ones on every
 * render), and its elements are copied with the one attribute changed.
 */
export function HydrationScripts(props: ScriptsProps) {
	return lowPriorityPreloads(Scripts(props))
}

/** The tree with every <link rel="modulepreload"> at fetchPriority low; everything else as it was. */
export function lowPriorityPreloads(node: ReactNode): ReactNode {
	if (Array.isArray(node)) return node.map(lowPriorityPreloads)
	if (!isValidElement(node)) return node
	const element = node as ReactElement<{ rel?: string; children?: ReactNode }>
	if (element.type === 'link' && element.props.rel === 'modulepreload') return cloneElement(element, { fetchPriority: 'low' } as object)
	if (element.type === Fragment) return cloneElement(element, undefined, ...Children.toArray(element.props.children).map(lowPriorityPreloads))
	return element
}
