import type { AppLoadContext } from 'react-router'
import { ToggleName, type ToggleKey } from '#contracts/toggles'
import { createScmClient } from './scm.server'
import { keptAnswers } from './kept-answers.server'

export type Toggles = Record<ToggleKey, boolean>

// Keys are supply chains of signed-in users; the bound only guards against the unexpected.
const kept = keptAnswers<Toggles>(10_000, 1000)

/**
 * The feature toggles of a supply chain (or the global defaults), "loaded at
 * start of the shell; an empty toggle list is an error" (000 §4). Kept for
 * 10 s per supply chain so that a page does not ask once per component; a
 * toggle switched from the command line shows within that time.
 */
export function loadToggles(context: AppLoadContext, supplyChain?: string): Promise<Toggles> {
	return kept.get(supplyChain ?? '', () =>
		createScmClient(context)
			.account.toggles(Object.values(ToggleName), supplyChain)
			.then((list) => {
				const enabled = new Map(list.map((t) => [t.name, t.enabled]))
				return Object.fromEntries(
					(Object.keys(ToggleName) as ToggleKey[]).map((k) => [k, enabled.get(ToggleName[k]) ?? false]),
				) as Toggles
			}),
	)
}
