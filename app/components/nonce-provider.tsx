import { createContext, useContext, type ReactNode } from 'react'

/**
 * The per-request Content-Security-Policy nonce. entry.server.tsx provides the value
 * server.ts put in the load context (cspNonce). In the browser it stays '': the browser
 * hides nonce attributes from the DOM anyway, and React does not report the difference
 * as a hydration mismatch.
 */
const NonceContext = createContext<string>('')

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
	return <NonceContext value={value}>{children}</NonceContext>
}

/** The nonce for `<Scripts>`, `<ScrollRestoration>` and any other inline script. */
export function useNonce(): string {
	return useContext(NonceContext)
}
