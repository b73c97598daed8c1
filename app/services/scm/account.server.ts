import type { AppLoadContext } from 'react-router'
import { ProfileApi } from '#api/auth/profile'
import { SessionApi } from '#api/auth/session'
import { TogglesApi } from '#api/toggles/toggles'
import { ScmError, type ScmCaller } from './client.server'

/** Calls without a supply chain: the feature toggles (the web tier's key), the profile and the session. */
export function accountCalls({ call }: ScmCaller, context: AppLoadContext) {
	const withoutSupplyChain = { 'X-Supply-Chain': null, 'X-Account': null }
	return {
		/** Feature toggles: the web tier's API key, no user token (000 §7 "GET /toggles"). */
		async toggles(names: string[], supplyChain?: string) {
			const { toggles } = await call(TogglesApi.list, {
				query: { names: names.join(',') },
				headers: {
					Authorization: null,
					'X-Account': null,
					'X-Supply-Chain': supplyChain ?? null,
					'X-Api-Key': context.webApiKey,
				},
			})
			if (toggles.length === 0) throw new ScmError(502, 'Feature toggles are empty')
			return toggles
		},
		/** The caller's profile and memberships, right after sign-in (no supply chain yet). */
		profile: (accessToken: string) =>
			call(ProfileApi.get, {
				headers: { Authorization: `Bearer ${accessToken}`, ...withoutSupplyChain },
			}),
		/** Whether the session's token still stands (401 once sign-out ended it, on any process). */
		session: () => call(SessionApi.get, { headers: withoutSupplyChain }),
		/** Sign-out: the API refuses this token from now on. */
		endSession: () => call(SessionApi.end, { headers: withoutSupplyChain }),
	}
}
