import {
	createContext,
	useCallback,
	useContext,
	type AnchorHTMLAttributes,
	type MouseEvent,
	type ReactNode,
} from 'react'
import { Link, useLocation, useNavigate } from 'react-router'

/**
 * Links that change a page's URL parameters (`?tab=…`, `?nodeId=…`, a page number), as plain
 * anchors with one click handler for the page (docs/decisions/0029 §11). React Router's `<Link>`
 * resolves its path and makes its own click handler on every render: ~9 µs a link, and a timeline
 * page has ~45 of them (~0.4 ms of each request). Under a `QueryLinkBase` a `QueryLink` renders
 * `<a href>` (its `?…` joined to the base, the path a `<Link to="?…">` in that route resolves
 * to); the element holding `useQueryLinkClicks()`'s handler navigates on their plain clicks as
 * `<Link>` does (same-URL clicks replace, `preventScrollReset` kept). Without JavaScript they are
 * the same anchors. Outside a `QueryLinkBase` a `QueryLink` is a `<Link>`.
 */
const Base = createContext<string | null>(null)

export function QueryLinkBase({ base, children }: { base: string; children: ReactNode }) {
	return <Base.Provider value={base}>{children}</Base.Provider>
}

type QueryLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
	/** `?a=b` (this page with these parameters; `?` alone: none) or a path. */
	to: string
	preventScrollReset?: boolean
	/** Replace the history entry rather than add one (as `<Link replace>`). */
	replace?: boolean
}

/** Marks the anchors the page's handler navigates; its words: `keep-scroll`, `replace`. */
const NAV = 'data-nav'

export function QueryLink({ to, preventScrollReset, replace, ...rest }: QueryLinkProps) {
	const base = useContext(Base)
	if (base === null)
		return <Link to={to} preventScrollReset={preventScrollReset} replace={replace} {...rest} />
	const href = to.startsWith('?') ? `${base}${to === '?' ? '' : to}` : to
	const nav = [preventScrollReset ? 'keep-scroll' : '', replace ? 'replace' : '']
		.filter(Boolean)
		.join(' ')
	return <a href={href} {...{ [NAV]: nav }} {...rest} />
}

/** The click handler for the element that holds a page's `QueryLink`s. */
export function useQueryLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
	const navigate = useNavigate()
	const location = useLocation()
	const current = `${location.pathname}${location.search}${location.hash}`
	return useCallback(
		(event: MouseEvent<HTMLElement>) => {
			if (
				event.defaultPrevented ||
				event.button !== 0 ||
				event.metaKey ||
				event.altKey ||
				event.ctrlKey ||
				event.shiftKey
			)
				return
			const anchor = (event.target as Element | null)?.closest?.(`a[${NAV}]`)
			if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return
			if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
			const url = new URL(anchor.href)
			if (url.origin !== window.location.origin) return
			event.preventDefault()
			const next = `${url.pathname}${url.search}${url.hash}`
			const words = (anchor.getAttribute(NAV) ?? '').split(' ')
			navigate(next, {
				preventScrollReset: words.includes('keep-scroll'),
				replace: words.includes('replace') || next === current,
			})
		},
		[navigate, current],
	)
}
