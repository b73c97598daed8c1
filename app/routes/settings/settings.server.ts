import { data, type AppLoadContext } from 'react-router'
import { SUPPLY_CHAIN_ADMIN_PERMISSION } from '#shared/permissions'
import { requireScm } from '~/services/auth/session.server'

/**
 * The settings screens' guard: a shell user with CORE.UPDATE_SUPPLY_CHAIN_SETTINGS; anyone else
 * gets 404, like /outbox (the API refuses them with 403 as well).
 */
export async function requireSettings(request: Request, context: AppLoadContext) {
	const found = await requireScm(request, context)
	if (!found.user.profile.permissions.includes(SUPPLY_CHAIN_ADMIN_PERMISSION))
		throw data(null, { status: 404 })
	return found
}
