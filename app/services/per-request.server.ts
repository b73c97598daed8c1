import type { AppLoadContext } from 'react-router'

const answers = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>()

/**
 * One answer per request and key: the loaders of one page (root, a layout, its tab) share the
 * load context React Router gives each of them for that request, so a read they all need (the
 * session check, the toggles) is asked once. Nothing outlives the request: the next page asks
 * again (docs/caching.md, "per request").
 */
export function oncePerRequest<T>(
	context: AppLoadContext,
	key: string,
	load: () => Promise<T>,
): Promise<T> {
	let kept = answers.get(context)
	if (!kept) answers.set(context, (kept = new Map()))
	let answer = kept.get(key) as Promise<T> | undefined
	if (!answer) {
		answer = load()
		kept.set(key, answer)
	}
	return answer
}
