/**
 * Who may use the signed-in product (000 §6 "Roles and permissions"), one rule for both
 * tiers: the web app sends such a user to /403 on every page and action, and the API
 * refuses them (403) on every operation those pages use.
 */

/** "Users without DASHBOARD.DEFAULT or CORE.DEFAULT are sent to /403." */
export const SHELL_PERMISSIONS = ['DASHBOARD.DEFAULT', 'CORE.DEFAULT'] as const

export function hasShellAccess(permissions: readonly string[]): boolean {
	return SHELL_PERMISSIONS.some((p) => permissions.includes(p))
}

/** The API's answer to a member without either permission. */
export const SHELL_FORBIDDEN = `Forbidden: ${SHELL_PERMISSIONS.join(' or ')} is required`

/**
 * A supply chain's administrators: those who may change its settings (000 §6 lists
 * CORE.UPDATE_SUPPLY_CHAIN_SETTINGS). They manage its machine keys, imports and webhooks, get
 * the webhooks' warnings, and read the outbox and the analytics events report. Here, in a
 * module without zod, so that the shell's header can import it without the schemas.
 */
export const SUPPLY_CHAIN_ADMIN_PERMISSION = 'CORE.UPDATE_SUPPLY_CHAIN_SETTINGS'
