import {
	Children,
	cloneElement,
	Fragment,
	isValidElement,
	type ReactElement,
	type ReactNode,
} from 'react'
import { Scripts, type ScriptsProps } from 'react-router'

/**
 * React Router's <Scripts> for the public tracker's pages, which fetch no module until the page has
 * painted (docs/decisions/0032: the one workaround of the framework that a budget keeps). Opened on
 * slow phones, these pages need no JavaScript to be seen; with the modules preloaded beside the
 * first paint, Lighthouse's mobile LCP missed its budget, with them after it met it (bench/RESULTS.md).
 *
 * <Scripts> is called as a function, so its hooks are this component's own (the same ones on every
 * render), and its elements are rewritten by `loadAfterFirstPaint`. Both depend on what <Scripts>
 * renders (module preload links and one inline module script): the test beside this file renders
 * the real <Scripts> through React Router's request handler and fails when that changes.
 */
export function ScriptsAfterFirstPaint(props: ScriptsProps) {
	return loadAfterFirstPaint(Scripts(props))
}

/** The `handle` of a route whose page loads its modules after the first paint (root reads it). */
export const AFTER_FIRST_PAINT = { scriptsAfterFirstPaint: true } as const

/** Whether a route's handle asks for ScriptsAfterFirstPaint. */
export function wantsScriptsAfterFirstPaint(handle: unknown): boolean {
	return (handle as Partial<typeof AFTER_FIRST_PAINT> | undefined)?.scriptsAfterFirstPaint === true
}

/**
 * The tree with the module preloads left out and the module script (the one that imports the
 * route modules and then the entry, which hydrates) turned into a classic inline script that, once
 * the browser has painted the page (its paint timing entry, which comes when the frame is on the
 * screen; where there is none, the first animation frame and a task after it), adds those preloads
 * and that module script to the document, the same text under the same nonce. Until then nothing
 * but the HTML is fetched, so the first paint shares the phone's bandwidth and CPU with nothing;
 * the context script and everything else are kept as they were. A hidden page (a tab opened in
 * the background) paints nothing, so it loads at once.
 *
 * Hydration is not disturbed: the client renders the same elements (suppressHydrationWarning,
 * their text through dangerouslySetInnerHTML), and React skips the elements added to <head> and
 * <body> that it did not render.
 */
export function loadAfterFirstPaint(node: ReactNode): ReactNode {
	const preloads: string[] = []
	const collected = mapElements(node, (element) => {
		if (element.type === 'link' && element.props.rel === 'modulepreload' && element.props.href) {
			preloads.push(element.props.href)
			return null
		}
		return element
	})
	return mapElements(collected, (element) => {
		if (element.type !== 'script' || element.props.type !== 'module') return element
		const text = element.props.dangerouslySetInnerHTML?.__html ?? ''
		return cloneElement(element, {
			type: undefined,
			async: undefined,
			dangerouslySetInnerHTML: { __html: afterFirstPaintLoader(preloads, text) },
		} as object)
	})
}

/** The loader's text: JSON for the values, with `<` escaped so that nothing in them closes the script. */
function afterFirstPaintLoader(preloads: string[], moduleText: string): string {
	const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
	return `(function(){var d=document,n=d.currentScript&&d.currentScript.nonce;function go(){${json(preloads)}.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';if(n)s.nonce=n;s.textContent=${json(moduleText)};d.body.appendChild(s)}var P=window.PerformanceObserver;if(d.visibilityState==='hidden')go();else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l,o){o.disconnect();go()}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){setTimeout(go)})})()`
}

type Props = {
	rel?: string
	href?: string
	type?: string
	children?: ReactNode
	dangerouslySetInnerHTML?: { __html?: string }
}

function mapElements(
	node: ReactNode,
	map: (element: ReactElement<Props>) => ReactElement | null,
): ReactNode {
	if (Array.isArray(node)) return node.map((child) => mapElements(child, map))
	if (!isValidElement(node)) return node
	const element = node as ReactElement<Props>
	if (element.type === Fragment)
		return cloneElement(
			element,
			undefined,
			...Children.toArray(element.props.children).map((child) => mapElements(child, map)),
		)
	return map(element)
}
