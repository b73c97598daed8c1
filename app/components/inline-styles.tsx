import { createContext, useContext, type ReactNode } from 'react'

/**
 * Style sheets written into the page instead of linked (issue 20: "The public tracker first
 * paints fast on a slow phone … Inline the styles these pages need"; ADR 0029). A linked style
 * sheet blocks the first paint until it has come over the network (two of them cost a slow
 * phone ~670 ms); written into the HTML, the page paints as soon as its first bytes are read.
 *
 * entry.server.tsx provides the CSS text of the built style sheets (read once from
 * build/client); in the browser the text is taken back from the page itself, so the client's
 * first render matches the server's without the CSS ever being in a JavaScript chunk. In
 * development (no build) nothing is inlined: the pages link their style sheets as usual.
 */
const InlineCssContext = createContext<((hrefs: string[]) => string | null) | null>(null)

export function InlineCssProvider({ read, children }: { read: (hrefs: string[]) => string | null; children: ReactNode }) {
	return <InlineCssContext value={read}>{children}</InlineCssContext>
}

export const INLINE_CSS_ID = 'inline-css'

export interface InlinedCss {
	/** The CSS text, or null: nothing inlined. */
	css: string | null
	/** The style sheets it holds (the others are linked). */
	hrefs: string[]
}

/** What the document was served with, read once in the browser. */
let served: InlinedCss | undefined

/**
 * The CSS text of `hrefs` when this render inlines them: on the server when `inline` and the
 * build has them; in the browser whatever the page arrived with (kept for the whole visit, so
 * that a navigation to another page does not drop the styles the first one was painted with).
 */
export function useInlineCss(hrefs: string[], inline: boolean): InlinedCss {
	const read = useContext(InlineCssContext)
	if (typeof document === 'undefined') {
		const css = inline && read ? read(hrefs) : null
		return { css, hrefs: css === null ? [] : hrefs }
	}
	if (!served) {
		const element = document.getElementById(INLINE_CSS_ID)
		served = element ? { css: element.textContent ?? '', hrefs: (element.dataset.hrefs ?? '').split(' ').filter(Boolean) } : { css: null, hrefs: [] }
	}
	return served
}

export function InlineCss({ css, hrefs }: { css: string; hrefs: string[] }) {
	// The CSS comes from our own build, never from a request; it holds no '</style'.
	return <style id={INLINE_CSS_ID} data-hrefs={hrefs.join(' ')} dangerouslySetInnerHTML={{ __html: css }} />
}
