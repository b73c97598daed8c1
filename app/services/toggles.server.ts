import type { AppLoadContext } from 'react-router'
import { ToggleName, type ToggleKey } from '#contracts/toggles/toggles'
import { createScmClient } from './scm.server'
import { oncePerRequest } from './per-request.server'

export type Toggles = Record<ToggleKey, boolean>

/**
 * The feature toggles of a supply chain (or the global defaults), "loaded at
 * start of the shell; an empty toggle list is an error" (000 §4). Asked of the API once per
 * request (the shell's and the page's loaders share it): a toggle switched from the command
 * line shows at the next page.
 */
export function loadToggles(context: AppLoadContext, supplyChain?: string): Promise<Toggles> {
	return oncePerRequest(context, `toggles\u0000${supplyChain ?? ''}`, async () => {
		const list = await createScmClient(context).account.toggles(
			Object.values(ToggleName),
			supplyChain,
		)
		const enabled = new Map(list.map((t) => [t.name, t.enabled]))
		return Object.fromEntries(
			(Object.keys(ToggleName) as ToggleKey[]).map((k) => [k, enabled.get(ToggleName[k]) ?? false]),
		) as Toggles
	})
}
